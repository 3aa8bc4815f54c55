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
        return StackProfile.inline(java.topComponents(n));
    }

    /** The whole profile as a markdown page. */
    String markdown(String title) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        md.append("JFR `settings=profile`: ").append(java.samples()).append(" samples of threads running Java code, ")
                .append(nativeCode.samples()).append(" of threads inside native methods.\n");
        StackProfile.appendTable(md, "CPU by component (Java samples; JDK frames charged to their caller)",
                java.topComponents(TOP), true);
        StackProfile.appendTable(md, "Top methods, self (Java samples)", java.topSelf(TOP), true);
        StackProfile.appendTable(md, "Top Basalt methods, inclusive (Java samples)",
                java.topInclusive(TOP), true);
        StackProfile.appendTable(md, "Native methods (working or waiting in a system call)",
                nativeCode.topSelf(TOP), true);
        return md.toString();
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
