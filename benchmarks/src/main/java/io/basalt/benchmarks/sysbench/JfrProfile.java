package io.basalt.benchmarks.sysbench;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The CPU profile of one JFR recording: {@code jdk.ExecutionSample} (threads running Java code) and, apart,
 * {@code jdk.NativeMethodSample} (threads inside a native method: RocksDB's C++ code, but also a thread blocked in
 * epoll or fsync — JFR cannot tell working from waiting there, so those are not mixed into the Java profile).
 */
record JfrProfile(StackProfile java, StackProfile nativeCode) {
    private static final int TOP = 15;

    static JfrProfile read(Path recording) {
        StackProfile java = new StackProfile();
        StackProfile nativeCode = new StackProfile();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                String type = event.getEventType().getName();
                if (type.equals("jdk.ExecutionSample")) {
                    java.add(frames(event.getStackTrace()));
                } else if (type.equals("jdk.NativeMethodSample")) {
                    nativeCode.add(frames(event.getStackTrace()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the recording " + recording, e);
        }
        return new JfrProfile(java, nativeCode);
    }

    /** The layers that used the CPU, for a report table cell: {@code io.basalt.sql.exec 21%, io.netty 14%}. */
    String componentsSummary(int n) {
        return java.topComponents(n).stream().map(e -> e.frame() + " " + Fmt.num(e.share() * 100, "%.0f%%"))
                .collect(Collectors.joining(", "));
    }

    /** The whole profile as a markdown page. */
    String markdown(String title) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        md.append("JFR `settings=profile`: ").append(java.samples()).append(" samples of threads running Java code, ")
                .append(nativeCode.samples()).append(" of threads inside native methods.\n");
        section(md, "CPU by component (Java samples; JDK frames charged to their caller)", java.topComponents(TOP));
        section(md, "Top methods, self (Java samples)", java.topSelf(TOP));
        section(md, "Top Basalt methods, inclusive (Java samples)", java.topInclusive(TOP));
        section(md, "Native methods (working or waiting in a system call)", nativeCode.topSelf(TOP));
        return md.toString();
    }

    private static void section(StringBuilder md, String title, List<StackProfile.Entry> entries) {
        md.append("\n## ").append(title).append("\n\n| share | samples | frame |\n|---:|---:|---|\n");
        entries.forEach(e -> md.append("| ").append(Fmt.num(e.share() * 100, "%.1f %%")).append(" | ")
                .append(e.samples()).append(" | `").append(e.frame()).append("` |\n"));
    }

    private static List<String> frames(RecordedStackTrace stack) {
        List<String> frames = new ArrayList<>();
        if (stack != null) {
            for (RecordedFrame frame : stack.getFrames()) {
                if (frame.isJavaFrame()) {
                    frames.add(frame.getMethod().getType().getName() + "." + frame.getMethod().getName());
                }
            }
        }
        return frames;
    }
}
