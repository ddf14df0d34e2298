# dbgfs.mk - build a kernel module that uses dbgfs, against the installed
# dbgfs-dkms package.  Installed as /usr/share/dbgfs/dbgfs.mk.
#
# A client's whole Makefile:
#
#	obj-m := mydriver.o
#	include /usr/share/dbgfs/dbgfs.mk
#
# then `make` (for the running kernel) or `make KVER=6.1.0-28-amd64`.
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
