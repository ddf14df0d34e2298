# dbgfs - the entry point for everything: build, package, guest tests.
#
#   make            build the module on this host (W=1, warnings are errors)
#   make deb        build the source and binary packages into build/pkg/
#   make demo       build the package and show it working in a guest
#   make check      the whole guest test suite on bookworm and sid, two
#                   guests at a time (what CI runs); SUITES="..." picks
#                   others, JOBS=1 runs one at a time
#   make check-sanitizers  the sanitizer lane: the suite's --sanitizers
#                   subset on bookworm's linux-source built with KASAN,
#                   lockdep, kmemleak, ... (vm/build-debug-kernel)
#   make check-matrix  every lane at full depth: bullseye, bookworm,
#                   trixie, sid, experimental (sid with experimental's
#                   newest kernel), bookworm booted with debugfs=off, a
#                   kernel upgrade to bookworm-backports' 6.12, the
#                   sanitizer lane and the Secure Boot lanes, with a
#                   summary table
#   make check-ci   what CI runs (.ci/run, as root on a CI machine): lint,
#                   the detectors, make check, then the sanitizer and
#                   Secure Boot lanes, the kernel lanes at kernel depth
#                   (LANE:kernel) and one lane in full by rotation, within
#                   80 minutes; CI_DRY_RUN=1 .ci/run prints the plan
#   make check-client-rebuild  the package's example client, built by
#                   DKMS, across an upgrade of dbgfs-dkms in a SUITE guest
#                   (sid: DKMS rebuilds it; bookworm: rebuilt by hand)
#   make autopkgtest  the package's debian/tests run from the host by
#                   autopkgtest itself, `autopkgtest CHANGES -- qemu ...`,
#                   on SUITE's image (default bookworm; a testbed copy
#                   with a root shell on ttyS1, cached), under TCG; prints
#                   autopkgtest's summary, fails on any FAIL
#                   (tests/package/autopkgtest-qemu)
#   make bench      dbgfs against debugfs in one guest: build/bench/report.md
#   make lint       checkpatch --strict, kernel-doc and sparse on the kernel
#                   code, lintian on the packages (builds them: make deb),
#                   bookworm's and sid's (a cached sid chroot)
#   make doc        the API reference from the kernel-doc comments of
#                   include/dbgfs.h and module/*.c: man pages, one per
#                   function, in build/doc/man/man9/ (man -l FILE), and
#                   reStructuredText in build/doc/rst/dbgfs.rst
#   make orig       the release's orig tarball from its git tag (TAG,
#                   default v$(UPSTREAM_VERSION)), reproducibly: git archive,
#                   xz -T1; build/orig/dbgfs_VERSION.orig.tar.xz and its
#                   sha256 (debian/README.Debian)
#   make clean      remove build/
#
# Nothing here loads a module into this machine's kernel: modules only ever
# run inside QEMU guests (vm/).

SHELL := /bin/bash
SUITE ?= bookworm
# The entries `make check` runs: suites, or suite+KERNEL-ARG lanes; see
# tests/run-matrix.  JOBS guests run at once.
SUITES ?= bookworm sid
JOBS ?= 2
MATRIX := bullseye bookworm trixie sid experimental bookworm+debugfs=off \
	bookworm+upgrade bookworm-sanitizers bookworm+secureboot sid+secureboot \
	bookworm+secureboot-unenrolled
BUILD := build
# The package's version from debian/changelog (0.1.0-1): VERSION, without
# an epoch, names the packages' files; UPSTREAM_VERSION (0.1.0) names the
# orig tarball and must equal dkms.conf's PACKAGE_VERSION (debian/rules).
VERSION := $(shell awk -F'[()]' 'NR == 1 { sub(/^[0-9]+:/, "", $$2); print $$2 }' debian/changelog)
UPSTREAM_VERSION := $(shell echo '$(VERSION)' | sed 's/-[^-]*$$//')
PKG := $(BUILD)/pkg
DEB := $(PKG)/dbgfs-dkms_$(VERSION)_all.deb
CHANGES := $(PKG)/dbgfs_$(VERSION)_$(shell dpkg --print-architecture).changes
ORIG := $(PKG)/dbgfs_$(UPSTREAM_VERSION).orig.tar.xz

# What the targets need on this machine (Debian package names).
HOST_PACKAGES := debootstrap qemu-system-x86 e2fsprogs dpkg-dev debhelper \
	dh-dkms fakeroot build-essential linux-headers-amd64 rsync kmod \
	linux-source-6.1 xz-utils lintian sparse \
	bc bison flex libelf-dev libssl-dev dwarves cpio \
	ovmf mtools dosfstools gdisk sbsigntool qemu-utils \
	python3-cryptography python3-pefile python3-importlib-resources \
	autopkgtest

# The newest Debian kernel headers installed here: the host's own kernel is
# not a Debian kernel, so the module is built against these instead.
KDIR = $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))

# The files of the source tree: what git tracks, plus new files it does not
# ignore, so that a working tree builds as it is.
SOURCES = $(shell git ls-files --cached --others --exclude-standard)

.PHONY: all module deb share demo check check-sanitizers check-secure-boot \
	check-secure-boot-unenrolled check-detectors check-harness \
	check-client-rebuild \
	check-matrix check-ci bench autopkgtest orig \
	lint doc clean host-deps tools lint-checkpatch lint-kernel-doc lint-sparse lint-lintian

all: module

host-deps:
	@missing=; for p in $(HOST_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
			grep -q '^install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "[make] installing host packages:$$missing"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q --no-install-recommends $$missing; \
	fi

module: host-deps
	rm -rf $(BUILD)/host && mkdir -p $(BUILD)/host
	cp -r module include $(BUILD)/host/
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(BUILD)/host/module W=1 KCFLAGS=-Werror modules
	@echo "[make] built $(BUILD)/host/module/dbgfs.ko against $(notdir $(KDIR))"

# Copy the source tree to $(1), leaving out build output.
define copy-sources
	rm -rf $(1) && mkdir -p $(1)
	printf '%s\n' $(SOURCES) | rsync -a --files-from=- ./ $(1)/
endef

# The orig tarball is the source tree without debian/, as upstream would
# release it (reproducible: sorted, root-owned, dated by the changelog);
# dpkg-source adds debian/ as the 3.0 (quilt) debian tarball.
deb: host-deps
	rm -f $(PKG)/dbgfs_* $(PKG)/dbgfs-dkms_*
	$(call copy-sources,$(PKG)/dbgfs-$(UPSTREAM_VERSION))
	tar -C $(PKG) --sort=name --owner=0 --group=0 --numeric-owner \
		--mtime=@$$(dpkg-parsechangelog -S Timestamp) \
		--exclude=dbgfs-$(UPSTREAM_VERSION)/debian \
		-cJf $(ORIG) dbgfs-$(UPSTREAM_VERSION)
	cd $(PKG)/dbgfs-$(UPSTREAM_VERSION) && dpkg-buildpackage -us -uc --build=full
	@echo "[make] built $(DEB)"

# The orig tarball of a release, from its annotated tag alone (not the
# working tree): what git tracks at TAG, without debian/, under
# dbgfs-VERSION/, as git archive writes it (entries in the tree's order,
# owned by root, every mtime the tagged commit's time), compressed by xz
# with fixed options on one thread (xz's threaded output differs).  The
# same tag gives the same bytes on any machine with the same xz.  VERSION
# is the tagged debian/changelog's upstream version, which must match the
# tag's name.
TAG ?= v$(UPSTREAM_VERSION)
orig:
	@set -eu; \
	git rev-parse -q --verify '$(TAG)^{commit}' >/dev/null || \
		{ echo "make orig: no tag $(TAG) (git tag -a $(TAG))" >&2; exit 1; }; \
	v=$$(git show '$(TAG):debian/changelog' | \
		dpkg-parsechangelog -l - -S Version | sed 's/^[0-9]*://; s/-[^-]*$$//'); \
	case '$(TAG)' in v*) [ "v$$v" = '$(TAG)' ] || \
		{ echo "make orig: $(TAG) holds version $$v" >&2; exit 1; } ;; esac; \
	out=$(BUILD)/orig/dbgfs_$$v.orig.tar.xz; mkdir -p $(BUILD)/orig; \
	git -c core.autocrlf=false archive --format=tar --prefix=dbgfs-$$v/ \
		'$(TAG)' -- . ':(exclude)debian' | \
		xz -6 -T1 --check=crc64 -c >$$out.tmp; \
	mv $$out.tmp $$out; \
	echo "[make] $$out from $(TAG) ($$(git rev-parse --short '$(TAG)^{commit}')):"; \
	sha256sum $$out

# The guest sees build/share at /mnt/share: the source tree, the package,
# and in upgrade/ the same source as a newer version, for the upgrade check;
# in clients/ the kernel's debugfs users that check-twins builds;
# commit: the tree's commit ("-dirty" if it had changes), for the rows of
# tests/run-matrix.
share: deb
	$(call copy-sources,$(BUILD)/share/src)
	@commit=$$(git rev-parse --short HEAD 2>/dev/null || echo '?'); \
	[ -z "$$(git status --porcelain 2>/dev/null)" ] || commit=$$commit-dirty; \
	echo "$$commit" >$(BUILD)/share/commit
	rm -f $(BUILD)/share/dbgfs-dkms_*.deb
	cp $(DEB) $(BUILD)/share/
	tests/package/make-upgrade-deb $(BUILD)/share/src $(BUILD)/share/upgrade
	tests/compat/client-sources $(BUILD)/share/clients

demo: share
	vm/run --suite $(SUITE) --share $(BUILD)/share --deb $(DEB) -- \
		bash /mnt/share/src/tests/guest/demo

check: share
	tests/run-matrix --share $(BUILD)/share --deb $(DEB) --jobs $(JOBS) \
		$(SUITES)

check-sanitizers:
	$(MAKE) check SUITES=bookworm-sanitizers

# UEFI Secure Boot: OVMF, shim, GRUB and the signed kernel, DKMS's key
# enrolled (vm/build-sb-disk, tests/guest/check-secure-boot).
check-secure-boot:
	$(MAKE) check SUITES=$(SUITE)+secureboot

# The same boot with DKMS's key not enrolled: the install's and the unit's
# messages, then mokutil --import, the enrolment (vm/run plays MokManager:
# exit 102) and a power cycle, after which dbgfs loads
# (tests/guest/check-secure-boot-unenrolled).
check-secure-boot-unenrolled:
	$(MAKE) check SUITES=$(SUITE)+secureboot-unenrolled

# Every detector of SUITE's kernel (bookworm: hung tasks, SLUB; sid: also
# UBSAN, KFENCE; bookworm-sanitizers: lockdep, hung tasks, kmemleak, UBSAN,
# KASAN) reports its canary (tests/canary/modes), in one boot, and vm/run's
# judge fails the run on each report (tests/check-detectors).
check-detectors: share
	tests/check-detectors --suite $(SUITE) --share $(BUILD)/share

# A DKMS-built client (the package's example) across an upgrade of
# dbgfs-dkms, in one guest of SUITE: rebuilt by DKMS where its dkms knows
# BUILD_DEPENDS_REBUILD (sid, trixie), by hand as README.Debian says on
# bookworm (tests/guest/check-client-rebuild).
check-client-rebuild: share
	vm/run --suite $(SUITE) --share $(BUILD)/share --deb $(DEB) -- \
		bash /mnt/share/src/tests/guest/check-client-rebuild

# The harness's own judges on the host, with made-up check scripts and
# results: no guest, about a second (tests/harness-selftest).
check-harness:
	tests/harness-selftest

check-matrix:
	$(MAKE) check SUITES="$(MATRIX)"

check-ci:
	.ci/run

# debian/tests, run by autopkgtest with its QEMU virtualisation server on a
# testbed derived from SUITE's cached image; the output and summary in
# build/autopkgtest/SUITE/.
autopkgtest: deb
	tests/package/autopkgtest-qemu --suite $(SUITE) $(CHANGES)

# dbgfs against the kernel's debugfs, side by side in one guest boot:
# build/bench/report.md and build/bench/bench.png.
bench:
	bench/run --suite $(SUITE)

# checkpatch.pl and kernel-doc, from the kernel source Debian ships
# (linux-source-6.1), extracted once into $DBGFS_CACHE/tools (the cache of
# vm/ and tests/, default ~/.cache/dbgfs).
TOOLS := $(or $(DBGFS_CACHE),$(HOME)/.cache/dbgfs)/tools
SCRIPTS := $(TOOLS)/linux-source-6.1/scripts
SCRIPT_FILES := checkpatch.pl spelling.txt const_structs.checkpatch kernel-doc

tools: host-deps
	@for f in $(SCRIPT_FILES); do [ -f $(SCRIPTS)/$$f ] || missing=y; done; \
	if [ -n "$$missing" ]; then \
		mkdir -p $(TOOLS) && \
		tar -xJf /usr/src/linux-source-6.1.tar.xz -C $(TOOLS) \
			$(addprefix linux-source-6.1/scripts/,$(SCRIPT_FILES)); \
	fi

# The kernel code: the module, its API header, the test and example
# modules (not tests/guest/, userspace).
CHECKPATCH_FILES = module/*.c module/*.h include/*.h include/as-debugfs/linux/*.h \
	$(filter-out tests/guest/%,$(wildcard tests/*/*.c)) \
	$(wildcard examples/*/*.c)

# Sources with kernel-doc comments, for kernel-doc and make doc.
KDOC_FILES = $(shell grep -l '^/\*\*' include/dbgfs.h module/*.c)

lint: lint-checkpatch lint-kernel-doc lint-sparse lint-lintian check-harness
	@echo "[make] lint clean"

lint-checkpatch: tools
	perl $(SCRIPTS)/checkpatch.pl --no-tree --strict --terse \
		--show-types -f $(CHECKPATCH_FILES)

lint-kernel-doc: tools
	perl $(SCRIPTS)/kernel-doc -none include/dbgfs.h module/*.c \
		module/*.h 2>&1 | { ! grep .; }

# sparse (C=2: every file, built or not) on a copy of the module, as
# `make module` builds it; any warning or error fails.
lint-sparse: host-deps
	rm -rf $(BUILD)/sparse && mkdir -p $(BUILD)/sparse
	cp -r module include $(BUILD)/sparse/
	set -o pipefail; \
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(BUILD)/sparse/module C=2 CHECK=sparse \
		modules 2>&1 | tee $(BUILD)/sparse/sparse.log
	@! grep -E 'warning:|error:' $(BUILD)/sparse/sparse.log
	@echo "[make] sparse clean on $(notdir $(KDIR))"

# lintian on what `make deb` built, every tag shown (-I: info too); any
# tag that is not overridden in debian/*lintian-overrides fails.  Twice:
# the host's (bookworm's) lintian, and sid's, the newest, as the archive
# runs it (tests/package/lintian-sid: a sid chroot cached in
# $DBGFS_CACHE/lintian-sid, made by debootstrap on the first run).  The
# overrides are written for sid's; bookworm's, older than Policy 4.7.4 and
# dpkg 1.22.13, is told to leave out what it gets wrong about them:
# newer-standards-version (4.7.4 is current), silent-on-rules-requiring-root
# ("no" is the default since dpkg 1.22.13),
# package-supports-alternative-init-but-no-init.d-script (not required
# since Policy 4.7.0; sid's lintian has no such tag), and alien-tag and
# unused-override (overrides of tags it does not know or emit; sid's run
# still reports stale overrides).  bookworm's lintian prints unused-override
# whatever --suppress-tags says, and fails on it with --fail-on info: its
# lines are dropped from its log, and the log's other I: lines fail instead.
comma := ,
LINTIAN_OPTS := --pedantic --display-info --display-experimental --info \
	--fail-on error,warning,info,pedantic,experimental
LINTIAN_BOOKWORM_SUPPRESS := newer-standards-version,silent-on-rules-requiring-root,package-supports-alternative-init-but-no-init.d-script,alien-tag,unused-override
lint-lintian: deb
	@echo "lintian --pedantic -I -E --info $(CHANGES)"
	@lintian $(subst info$(comma),,$(LINTIAN_OPTS)) \
		--suppress-tags $(LINTIAN_BOOKWORM_SUPPRESS) \
		$(CHANGES) 2>&1 | grep -v -e '^running with root privileges' \
		-e '^I: [^:]*: unused-override ' >$(PKG)/lintian.log; \
	status=$${PIPESTATUS[0]}; cat $(PKG)/lintian.log; \
	[ $$status -eq 0 ] && ! grep -qE '^[EWIPXO]: ' $(PKG)/lintian.log
	@echo "[make] lintian $$(lintian --print-version) clean on $(notdir $(CHANGES))"
	@echo "tests/package/lintian-sid $(CHANGES) --pedantic -I -E --info"
	@tests/package/lintian-sid $(CHANGES) $(LINTIAN_OPTS) \
		>$(PKG)/lintian-sid.log 2>&1; status=$$?; \
	grep -v '^running with root privileges' $(PKG)/lintian-sid.log; \
	[ $$status -eq 0 ] && ! grep -qE '^[EWIPXO]: ' $(PKG)/lintian-sid.log
	@echo "[make] sid's lintian clean on $(notdir $(CHANGES))"

# The API reference from the kernel-doc comments: one man page per
# function, struct or macro (kernel-doc -man, split at each .TH), and one
# reStructuredText file; dated by debian/changelog, so reproducible.
DOC := $(BUILD)/doc
doc: tools
	rm -rf $(DOC) && mkdir -p $(DOC)/man/man9 $(DOC)/rst
	KBUILD_BUILD_TIMESTAMP="$$(dpkg-parsechangelog -S Date)" \
		perl $(SCRIPTS)/kernel-doc -man -module dbgfs $(KDOC_FILES) \
		>$(DOC)/dbgfs.9 2>$(DOC)/kernel-doc.log
	awk -v dir=$(DOC)/man/man9 '/^\.TH / { \
			split($$0, f, "\""); name = f[4]; gsub(/ /, "_", name); \
			sub(/^\.TH "[^"]*"/, ".TH \"" f[4] "\""); \
			if (out) close(out); out = dir "/" name ".9" } \
		out { print > out }' $(DOC)/dbgfs.9
	rm $(DOC)/dbgfs.9
	{ printf '%s\n%s\n\n' 'dbgfs API reference' '==================='; \
	  perl $(SCRIPTS)/kernel-doc -rst -sphinx-version 3.0 $(KDOC_FILES); \
	} >$(DOC)/rst/dbgfs.rst 2>>$(DOC)/kernel-doc.log
	@! grep . $(DOC)/kernel-doc.log
	@for f in $(DOC)/man/man9/*.9; do \
		LC_ALL=C.UTF-8 groff -man -ww -z $$f 2>&1 | sed "s|^|$$f: |"; \
	done | { ! grep .; }
	@echo "[make] $$(ls $(DOC)/man/man9 | wc -l) man pages in $(DOC)/man/man9, $(DOC)/rst/dbgfs.rst"

clean:
	rm -rf $(BUILD)
