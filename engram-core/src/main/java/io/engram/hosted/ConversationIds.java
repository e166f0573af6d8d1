package io.engram.hosted;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Engram session ids for a framework's conversation ids: {@code conv-} and 24 hex digits of a hash of the
 * project key and the conversation id. A framework's ids can hold anything (slashes, spaces, user names),
 * Engram's session ids name folders, and the same conversation id in two projects is two sessions.
 */
record ConversationIds(String projectKey) {
  // A conversation's id keeps 24 hex digits (96 bits) of its hash: no two of a project's conversations meet, and it
  // stays short enough to read in a file name.
  private static final int ID_HEX_DIGITS = 24;
  ConversationIds {
    Objects.requireNonNull(projectKey, "projectKey");
  }

  /** The session id of {@code conversationId} in this project. */
  String sessionId(String conversationId) {
    Objects.requireNonNull(conversationId, "conversationId");
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(projectKey.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      sha.update(conversationId.getBytes(StandardCharsets.UTF_8));
      return "conv-" + HexFormat.of().formatHex(sha.digest()).substring(0, ID_HEX_DIGITS);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
