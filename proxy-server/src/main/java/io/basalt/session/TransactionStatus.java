package io.basalt.session;

/** Whether a session has an open transaction, as the status flags report it. */
public enum TransactionStatus { NONE, READ_WRITE, READ_ONLY }
