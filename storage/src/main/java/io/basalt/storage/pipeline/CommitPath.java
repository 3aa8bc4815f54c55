package io.basalt.storage.pipeline;

/** How a transaction committed; visible in metrics and handed to the sink. */
public enum CommitPath {
    ONE_PC("1pc"), ASYNC_COMMIT("async"), TWO_PC("2pc");

    public final String metricTag;

    CommitPath(String metricTag) {
        this.metricTag = metricTag;
    }
}
