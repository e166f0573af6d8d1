package io.engram.hosted;

import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * A framework's conversation as an Engram transcript. Messages the framework gave no id get one from their
 * position, role and text, chained on the id before them, so a conversation that only grows keeps its ids
 * and one whose start changed (after a compaction) does not.
 */
final class HostedTranscript {
  // A message's id keeps 32 hex digits (128 bits) of its hash, a UUID's size: no two messages of a store meet.
  private static final int ID_HEX_DIGITS = 32;
  private HostedTranscript() {}

  static Transcript of(String sessionId, List<TranscriptMessage> messages) {
    List<TranscriptMessage> withIds = new ArrayList<>(messages.size());
    String previous = "";
    for (TranscriptMessage m : messages) {
      String id = m.uuid().orElse(idOf(previous, m));
      withIds.add(m.toBuilder().uuid(Optional.of(id)).build());
      previous = id;
    }
    return Transcript.ofMessages(sessionId, withIds);
  }

  private static String idOf(String previous, TranscriptMessage m) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(previous.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      sha.update(m.role().name().getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      sha.update(m.promptText().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha.digest()).substring(0, ID_HEX_DIGITS);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
