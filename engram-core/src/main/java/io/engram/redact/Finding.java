package io.engram.redact;

/** One secret found in a text: the range {@code [start, end)} to replace and its kind. */
record Finding(int start, int end, SecretKind kind, int priority) {}
