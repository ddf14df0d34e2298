# dbgfs - the entry point for everything: build, package, guest tests.
#
#   make            build the module on this host (W=1, warnings are errors)
#   make deb        build the source and binary packages into build/pkg/
#   make demo       build the package and show it working in a guest
#   make check      run the whole guest test suite (SUITES=bookworm)
#   make check-matrix  the same on bullseye, bookworm, trixie, sid and
#                   bookworm booted with debugfs=off, with a summary table
#   make bench      dbgfs against debugfs in one guest: build/bench/report.md
#   make lint       checkpatch --strict and kernel-doc on module/ and include/
#   make clean      remove build/
#
# Nothing here loads a module into this machine's kernel: modules only ever
# run inside QEMU guests (vm/).

SHELL := /bin/bash
SUITE ?= bookworm
# The entries `make check` runs: suites, or suite+KERNEL-ARG lanes.
SUITES ?= $(SUITE)
MATRIX := bullseye bookworm trixie sid bookworm+debugfs=off
BUILD := build
VERSION := $(shell awk -F'[()]' 'NR == 1 { print $$2 }' debian/changelog)
DEB := $(BUILD)/pkg/dbgfs-dkms_$(VERSION)_all.deb

# What the targets need on this machine (Debian package names).
HOST_PACKAGES := debootstrap qemu-system-x86 e2fsprogs dpkg-dev debhelper \
	dh-dkms fakeroot build-essential linux-headers-amd64 rsync kmod \
	linux-source-6.1 xz-utils

# The newest Debian kernel headers installed here: the host's own kernel is
# not a Debian kernel, so the module is built against these instead.
KDIR = $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))

# The files of the source tree: what git tracks, plus new files it does not
# ignore, so that a working tree builds as it is.
SOURCES = $(shell git ls-files --cached --others --exclude-standard)

.PHONY: all module deb share demo check check-matrix bench lint clean host-deps

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

deb: host-deps
	$(call copy-sources,$(BUILD)/pkg/dbgfs-$(VERSION))
	cd $(BUILD)/pkg/dbgfs-$(VERSION) && dpkg-buildpackage -us -uc --build=full
	@echo "[make] built $(DEB)"

# The guest sees build/share at /mnt/share: the source tree and the package.
share: deb
	$(call copy-sources,$(BUILD)/share/src)
	cp $(DEB) $(BUILD)/share/

demo: share
	vm/run --suite $(SUITE) --share $(BUILD)/share --deb $(DEB) -- \
		bash /mnt/share/src/tests/guest/demo

check: share
	tests/run-matrix --share $(BUILD)/share --deb $(DEB) $(SUITES)

check-matrix:
	$(MAKE) check SUITES="$(MATRIX)"

# dbgfs against the kernel's debugfs, side by side in one guest boot:
# build/bench/report.md and build/bench/bench.png.
bench:
	bench/run --suite $(SUITE)

CHECKPATCH_DIR := $(HOME)/.cache/dbgfs/tools/linux-source-6.1/scripts

lint: host-deps
	@if [ ! -f $(CHECKPATCH_DIR)/checkpatch.pl ]; then \
		mkdir -p $(HOME)/.cache/dbgfs/tools && \
		tar -xJf /usr/src/linux-source-6.1.tar.xz -C $(HOME)/.cache/dbgfs/tools \
			--wildcards 'linux-source-6.1/scripts/checkpatch.pl' \
			'linux-source-6.1/scripts/spelling.txt' \
			'linux-source-6.1/scripts/const_structs.checkpatch' \
			'linux-source-6.1/scripts/kernel-doc'; \
	fi
	perl $(CHECKPATCH_DIR)/checkpatch.pl --no-tree --strict --terse \
		--show-types -f module/*.c module/*.h include/*.h \
		$(filter-out tests/guest/%,$(wildcard tests/*/*.c))
	perl $(CHECKPATCH_DIR)/kernel-doc -none include/dbgfs.h module/*.c \
		module/*.h 2>&1 | { ! grep .; }
	@echo "[make] lint clean"

clean:
	rm -rf $(BUILD)
