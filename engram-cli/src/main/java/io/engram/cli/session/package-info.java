/**
 * The commands that read an agent's transcript: {@code stats} (what a session holds and how full its
 * window got), {@code notes} (the session notes), {@code extract} (memories from new turns) and
 * {@code compact} (the summary and its score).
 */
package io.engram.cli.session;
