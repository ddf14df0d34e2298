# tests/guest/lib-secure-boot.sh - what the two Secure Boot check scripts
# (check-secure-boot, check-secure-boot-unenrolled) both check: the
# firmware's state and a module's signature by DKMS's key.  Sourced after
# tests/guest/lib-tap.sh; MOK_CERT and TESTS_DIR are the script's.
# shellcheck shell=bash disable=SC2154 # MOK_CERT, TESTS_DIR: the script's

# finit_module(2) of FILE with PARAMS: prints OK or the errno's name
# (EPERM, ENOKEY, ...).
load_module() { # FILE [PARAMS]
	python3 "$TESTS_DIR/stress/reltool.py" finit "$1" "${2:-}"
}

# The serial number in modinfo's sig_key and in the certificate, as hex
# without separators or leading zeros.
serial_of_cert() {
	openssl x509 -inform DER -in "$1" -noout -serial | sed 's/^serial=//; s/^0*//' | tr a-f A-F
}

check_secure_boot_on() {
	check_eq "mokutil --sb-state" "SecureBoot enabled" "$(mokutil --sb-state 2>&1)"
	local line
	line=$(dmesg 2>/dev/null | grep -m1 -o 'secureboot: Secure boot enabled' || true)
	check_eq "kernel log: Secure boot enabled" "secureboot: Secure boot enabled" "$line"
	diag "$(dmesg 2>/dev/null | grep -m1 'Kernel is locked down from EFI Secure Boot' || echo 'no lockdown line')"
	check_eq "lockdown is integrity" "none [integrity] confidentiality" \
		"$(cat /sys/kernel/security/lockdown 2>&1)"
}

# modinfo's signer and sig_key of the loaded (or installed) dbgfs.
check_signed_by_dkms_key() {
	local key serial
	check_eq "modinfo -F signer dbgfs" "DKMS module signing key" "$(modinfo -F signer dbgfs 2>&1)"
	key=$(modinfo -F sig_key dbgfs 2>&1 | tr -d ':' | sed 's/^0*//')
	serial=$(serial_of_cert "$MOK_CERT")
	check_eq "dbgfs is signed by $MOK_CERT (sig_key = its serial)" "$serial" "$key"
}
