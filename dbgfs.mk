# dbgfs.mk - build a kernel module that uses dbgfs, against the installed
# dbgfs-dkms package.  Installed as /usr/share/dbgfs/dbgfs.mk.
#
# A client's whole Makefile:
#
#	obj-m := mydriver.o
#	include /usr/share/dbgfs/dbgfs.mk
#
# then `make` (for the running kernel) or `make KVER=6.1.0-28-amd64`.
#
# An unchanged debugfs user (one that includes <linux/debugfs.h> and calls
# debugfs_*) builds against dbgfs with the switch set before the include:
#
#	DBGFS_AS_DEBUGFS := 1
#	include /usr/share/dbgfs/dbgfs.mk
#
# (or DBGFS_AS_DEBUGFS=1 on the make command line).  The module's
# #include <linux/debugfs.h> then reads dbgfs's
# include/as-debugfs/linux/debugfs.h (first in NOSTDINC_FLAGS, before the
# kernel's include directories), which includes dbgfs-debugfs-compat.h:
# that stands in for <linux/debugfs.h> and maps each debugfs_ name to its
# dbgfs_ twin; a name dbgfs has no twin for (debugfs_short_fops,
# debugfs_real_fops, debugfs_create_automount, arch_debugfs_dir, ...) is
# a compile error naming it.  Code under #ifdef CONFIG_DEBUG_FS is built
# only if the kernel has debugfs configured: the switch does not define
# kernel config options.
# The header comes from the dbgfs source that DKMS built, and the symbol
# versions from that build's Module.symvers, both found through the link
# DKMS keeps for each kernel it built dbgfs for.

KVER ?= $(if $(KERNELRELEASE),$(KERNELRELEASE),$(shell uname -r))
DBGFS_ARCH ?= $(shell uname -m)
DBGFS_DKMS_DIR ?= /var/lib/dkms/dbgfs/kernel-$(KVER)-$(DBGFS_ARCH)
DBGFS_INCLUDE ?= $(DBGFS_DKMS_DIR)/../../source/include
DBGFS_SYMVERS ?= $(DBGFS_DKMS_DIR)/module/Module.symvers

ifneq ($(KERNELRELEASE),)
# Second pass, run by Kbuild: only compiler flags are needed here.
ccflags-y += -I$(DBGFS_INCLUDE)
ifeq ($(DBGFS_AS_DEBUGFS),1)
NOSTDINC_FLAGS += -I$(DBGFS_INCLUDE)/as-debugfs
endif
# modpost reads the module's Kbuild file too: a build started without
# dbgfs.mk's first pass (make -C KDIR M=...) still finds dbgfs's symbols.
ifeq ($(filter $(DBGFS_SYMVERS),$(KBUILD_EXTRA_SYMBOLS)),)
KBUILD_EXTRA_SYMBOLS += $(DBGFS_SYMVERS)
endif
else
KDIR ?= /lib/modules/$(KVER)/build

all: modules

modules: dbgfs-check
	$(MAKE) -C $(KDIR) M=$(CURDIR) KBUILD_EXTRA_SYMBOLS=$(DBGFS_SYMVERS) modules

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean

dbgfs-check:
	@test -r $(DBGFS_SYMVERS) || { \
		echo "dbgfs: no dbgfs build for kernel $(KVER) ($(DBGFS_SYMVERS) missing);" >&2; \
		echo "dbgfs: install dbgfs-dkms and linux-headers-$(KVER), or see 'dkms status dbgfs'" >&2; \
		exit 1; }

.PHONY: all modules clean dbgfs-check
endif
