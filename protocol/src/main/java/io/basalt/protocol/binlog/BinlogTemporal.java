package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Row encodings of DATE, YEAR and MySQL 5.6's TIME2 / DATETIME2 / TIMESTAMP2 (MariaDB with
 * {@code mysql56_temporal_format=ON}). The *2 types are big-endian so that they sort bytewise; their fraction takes
 * (fsp + 1) / 2 bytes holding the microseconds divided by 10000 (fsp 1-2), 100 (fsp 3-4) or 1 (fsp 5-6).
 * Sub-precision microseconds are truncated, as MariaDB stores them.
 */
final class BinlogTemporal {
    private static final long DATETIME_INT_OFFSET = 0x80_0000_0000L;
    private static final long TIME_INT_OFFSET = 0x80_0000L;
    private static final long TIME_OFFSET = 0x8000_0000_0000L;
    private static final int FRACTION_BITS = 24;
    private static final int[] FRACTION_UNIT = {1_000_000, 100_000, 10_000, 1000, 100, 10, 1};
    private static final int YEAR_BASE = 1900;

    private BinlogTemporal() {
    }

    /** Bytes of the fraction of a *2 type with {@code fsp} digits. */
    static int fractionSize(int fsp) {
        return (fsp + 1) / 2;
    }

    /** DATE: 3 bytes little-endian, day | month << 5 | year << 9. */
    static void writeDate(ByteBuf out, LocalDate d) {
        out.writeMediumLE(d.getDayOfMonth() | d.getMonthValue() << 5 | d.getYear() << 9);
    }

    static LocalDate readDate(ByteBuf in) {
        int v = in.readUnsignedMediumLE();
        return LocalDate.of(v >> 9, v >> 5 & 0xf, v & 0x1f);
    }

    /** YEAR: one byte, year − 1900, with 0 standing for year 0000. */
    static void writeYear(ByteBuf out, int year) {
        out.writeByte(year == 0 ? 0 : year - YEAR_BASE);
    }

    static int readYear(ByteBuf in) {
        int v = in.readUnsignedByte();
        return v == 0 ? 0 : v + YEAR_BASE;
    }

    /**
     * DATETIME2: 5 bytes big-endian {@code 0x8000000000 + ((year * 13 + month) << 22 | day << 17 | hour << 12 |
     * minute << 6 | second)}, then the fraction.
     */
    static void writeDateTime2(ByteBuf out, LocalDateTime dt, int fsp) {
        long ym = dt.getYear() * 13L + dt.getMonthValue();
        long packed = ym << 22 | (long) dt.getDayOfMonth() << 17 | (long) dt.getHour() << 12
                | (long) dt.getMinute() << 6 | dt.getSecond();
        long v = packed + DATETIME_INT_OFFSET;
        out.writeByte((int) (v >>> 32));
        out.writeInt((int) v);
        writeFraction(out, truncate(dt.getNano() / 1000, fsp), fsp);
    }

    static LocalDateTime readDateTime2(ByteBuf in, int fsp) {
        long v = ((long) in.readUnsignedByte() << 32 | in.readUnsignedInt()) - DATETIME_INT_OFFSET;
        long ym = v >>> 22;
        int micros = readFraction(in, fsp);
        return LocalDateTime.of((int) (ym / 13), (int) (ym % 13), (int) (v >>> 17 & 0x1f), (int) (v >>> 12 & 0x1f),
                (int) (v >>> 6 & 0x3f), (int) (v & 0x3f), micros * 1000);
    }

    /** TIMESTAMP2: 4 bytes big-endian seconds since the epoch (UTC), then the fraction. */
    static void writeTimestamp2(ByteBuf out, Instant instant, int fsp) {
        out.writeInt((int) instant.getEpochSecond());
        writeFraction(out, truncate(instant.getNano() / 1000, fsp), fsp);
    }

    static Instant readTimestamp2(ByteBuf in, int fsp) {
        long seconds = in.readUnsignedInt();
        return Instant.ofEpochSecond(seconds, readFraction(in, fsp) * 1000L);
    }

    /**
     * TIME2 as MySQL's {@code my_time_packed_to_binary}: the packed value is {@code (hour << 12 | minute << 6 |
     * second) << 24 | micros}, negated for negative times. fsp 0-4 store its integer part (arithmetic shift) plus
     * 0x800000 in 3 bytes and the signed remainder's scaled fraction in 1 or 2 bytes; fsp 5-6 store the whole value
     * plus 0x800000000000 in 6 bytes.
     */
    static void writeTime2(ByteBuf out, Duration t, int fsp) {
        long packed = packTime(t, fsp);
        if (fsp >= 5) {
            long v = packed + TIME_OFFSET;
            out.writeShort((int) (v >>> 32));
            out.writeInt((int) v);
            return;
        }
        out.writeMedium((int) ((packed >> FRACTION_BITS) + TIME_INT_OFFSET));
        long fraction = packed % (1L << FRACTION_BITS);
        if (fsp >= 3) {
            out.writeShort((int) (fraction / 100));
        } else if (fsp >= 1) {
            out.writeByte((int) (fraction / 10_000));
        }
    }

    static Duration readTime2(ByteBuf in, int fsp) {
        long packed;
        if (fsp >= 5) {
            packed = ((long) in.readUnsignedShort() << 32 | in.readUnsignedInt()) - TIME_OFFSET;
        } else {
            long intPart = in.readUnsignedMedium() - TIME_INT_OFFSET;
            long fraction = 0;
            if (fsp >= 1) {
                int bytes = fractionSize(fsp);
                int raw = bytes == 2 ? in.readUnsignedShort() : in.readUnsignedByte();
                // Negative times keep the fraction as a negative two's complement next to the rounded-down integer.
                if (intPart < 0 && raw != 0) {
                    intPart++;
                    raw -= 1 << (8 * bytes);
                }
                fraction = raw * (bytes == 2 ? 100L : 10_000L);
            }
            packed = (intPart << FRACTION_BITS) + fraction;
        }
        return unpackTime(packed);
    }

    private static long packTime(Duration t, int fsp) {
        Duration abs = t.abs();
        long seconds = abs.getSeconds();
        long hms = seconds / 3600 << 12 | seconds / 60 % 60 << 6 | seconds % 60;
        long packed = hms << FRACTION_BITS | truncate(abs.getNano() / 1000, fsp);
        return t.isNegative() ? -packed : packed;
    }

    private static Duration unpackTime(long packed) {
        long abs = Math.abs(packed);
        long hms = abs >> FRACTION_BITS;
        long seconds = (hms >> 12) * 3600 + (hms >> 6 & 0x3f) * 60 + (hms & 0x3f);
        Duration d = Duration.ofSeconds(seconds, (abs & 0xff_ffff) * 1000);
        return packed < 0 ? d.negated() : d;
    }

    private static int truncate(int micros, int fsp) {
        int unit = FRACTION_UNIT[fsp];
        return micros / unit * unit;
    }

    private static void writeFraction(ByteBuf out, int micros, int fsp) {
        switch (fractionSize(fsp)) {
            case 1 -> out.writeByte(micros / 10_000);
            case 2 -> out.writeShort(micros / 100);
            case 3 -> out.writeMedium(micros);
            default -> {
            }
        }
    }

    private static int readFraction(ByteBuf in, int fsp) {
        return switch (fractionSize(fsp)) {
            case 1 -> in.readUnsignedByte() * 10_000;
            case 2 -> in.readUnsignedShort() * 100;
            case 3 -> in.readUnsignedMedium();
            default -> 0;
        };
    }
}
