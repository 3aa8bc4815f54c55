package io.basalt.storage.binlog;

/**
 * Binlog file names {@code <base>.NNNNNN}: a 6-digit zero-padded sequence number from 000001 (spec §3.1); wider
 * numbers past 999999 keep all their digits, which sorts correctly by number, not by text. Stateless.
 */
public final class BinlogFileName {
    private BinlogFileName() {
    }

    public static String of(String baseName, long number) {
        if (number < 1) {
            throw new IllegalArgumentException("binlog numbers start at 1: " + number);
        }
        return baseName + "." + String.format("%06d", number);
    }

    /** The sequence number of {@code fileName}, or -1 if it is not a binlog name of {@code baseName}. */
    public static long number(String baseName, String fileName) {
        if (!fileName.startsWith(baseName + ".")) {
            return -1;
        }
        String digits = fileName.substring(baseName.length() + 1);
        if (digits.length() < 6 || digits.length() > 18) {
            return -1;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return -1;
            }
        }
        long n = Long.parseLong(digits);
        return n >= 1 ? n : -1;
    }

    /** The name of the file that follows {@code fileName}. */
    public static String next(String baseName, String fileName) {
        long n = number(baseName, fileName);
        if (n < 0) {
            throw new IllegalArgumentException("not a binlog file name: " + fileName);
        }
        return of(baseName, n + 1);
    }
}
