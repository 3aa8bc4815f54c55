package io.basalt.benchmarks.sysbench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The whole machine's CPU during a run, from {@code perf record -a -g} samples read back with
 * {@code perf script -F comm,pid,tid,ip,sym,dso}: which threads used it (sysbench, Basalt's workers, its event loops,
 * RocksDB, the JIT...) and on what (a socket write, a thread wake-up, an fsync, RocksDB's own code, Java code). JFR
 * cannot give this: it samples Java code only, while a statement's path through the kernel (loopback TCP, futex
 * hand-offs between threads, fsync) is most of where a server like this spends its CPU.
 *
 * <p>Not thread-safe: one reader feeds the lines, then it is summarised.
 */
final class PerfBreakdown {
    private static final Pattern HEADER = Pattern.compile("(.*?)\\s+(\\d+)/\\d+\\s*");
    private static final Pattern NUMBERS = Pattern.compile("[-#:/.]\\d+");

    private final long serverPid;
    private final Map<String, Long> byThread = new HashMap<>();
    private final Map<String, Long> byActivity = new HashMap<>();
    private final Map<String, Long> basaltByActivity = new HashMap<>();
    private String thread;
    private boolean serverThread;
    private String leafDso;
    private String activity;
    private long samples;
    private long basaltSamples;

    /** @param serverPid the process whose threads are the server's (the rest is sysbench, the kernel, idle...) */
    PerfBreakdown(long serverPid) {
        this.serverPid = serverPid;
    }

    /** One line of {@code perf script} output, in order. */
    void line(String line) {
        if (line.isBlank()) {
            endSample();
        } else if (!Character.isWhitespace(line.charAt(0))) {
            endSample();
            Matcher header = HEADER.matcher(line);
            if (header.matches()) {
                thread = threadGroup(header.group(1));
                serverThread = Long.parseLong(header.group(2)) == serverPid;
            }
        } else if (thread != null) {
            frame(line.trim());
        }
    }

    /** Call after the last line. */
    void finish() {
        endSample();
    }

    long samples() {
        return samples;
    }

    List<StackProfile.Entry> threads(int n) {
        return StackProfile.top(byThread, samples, n);
    }

    List<StackProfile.Entry> activities(int n) {
        return StackProfile.top(byActivity, samples, n);
    }

    /** Activities of the server process's threads only, as shares of the server's samples. */
    List<StackProfile.Entry> basaltActivities(int n) {
        return StackProfile.top(basaltByActivity, basaltSamples, n);
    }

    long basaltSamples() {
        return basaltSamples;
    }

    /** {@code basalt-worker-12} → {@code basalt-worker}, {@code GC Thread#1} → {@code GC Thread}. */
    static String threadGroup(String comm) {
        return NUMBERS.matcher(comm).replaceAll("").trim();
    }

    private void frame(String frame) {
        int open = frame.lastIndexOf(" (");
        String dso = open >= 0 && frame.endsWith(")") ? frame.substring(open + 2, frame.length() - 1) : "";
        String symbol = open >= 0 ? frame.substring(0, open) : frame;
        if (leafDso == null) {
            leafDso = dso;
        }
        if (activity == null) {
            activity = kernelActivity(symbol);
        }
    }

    /** The system call a kernel frame belongs to, when it names one of the activities; null otherwise. */
    private static String kernelActivity(String symbol) {
        if (symbol.contains("do_fsync") || symbol.contains("sys_fdatasync") || symbol.contains("sys_fsync")) {
            return "fsync";
        } else if (symbol.contains("tcp_sendmsg")) {
            return "socket write (loopback TCP, wakes the reader)";
        } else if (symbol.contains("tcp_recvmsg")) {
            return "socket read";
        } else if (symbol.contains("do_futex")) {
            return "thread park / wake-up (futex)";
        } else if (symbol.contains("do_epoll_wait") || symbol.contains("do_epoll_ctl")) {
            return "epoll";
        } else if (symbol.contains("vfs_write") || symbol.contains("vfs_read")) {
            return "file read/write";
        }
        return null;
    }

    private void endSample() {
        if (thread != null && leafDso != null) {
            String what = activity != null ? activity : userActivity(leafDso);
            samples++;
            byThread.merge(thread, 1L, Long::sum);
            byActivity.merge(what, 1L, Long::sum);
            if (serverThread) {
                basaltSamples++;
                basaltByActivity.merge(what, 1L, Long::sum);
            }
        }
        thread = null;
        leafDso = null;
        activity = null;
    }

    private static String userActivity(String dso) {
        if (dso.contains("rocksdbjni")) {
            return "RocksDB (C++)";
        } else if (dso.contains("libjvm")) {
            return "JVM runtime (GC, JIT compiler, safepoints)";
        } else if (dso.contains("kernel")) {
            return "kernel, other (scheduler, interrupts, memory)";
        } else if (dso.startsWith("/tmp/perf-") || dso.contains("[unknown]") || dso.isEmpty()) {
            return "Java (compiled or interpreted) or unsymbolised code";
        }
        return "native libraries (libc, client library...)";
    }
}
