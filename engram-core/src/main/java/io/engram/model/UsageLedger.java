package io.engram.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.TreeMap;

/**
 * The on-disk shape of the usage ledger: days (UTC, ISO dates) holding background and foreground
 * totals, background tokens per purpose, and the same totals per session.
 *
 * <p>Mutable on purpose: {@link CostGovernor} reads it, changes it and writes it back under one lock.
 */
final class UsageLedger {
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .build();

  public TreeMap<String, Day> days = new TreeMap<>();

  /** One UTC day. */
  static final class Day {
    public UsageTotals background = UsageTotals.ZERO;
    public UsageTotals foreground = UsageTotals.ZERO;
    public TreeMap<String, Long> backgroundByPurpose = new TreeMap<>();
    public TreeMap<String, Session> sessions = new TreeMap<>();
  }

  /** One session within a day. */
  static final class Session {
    public UsageTotals background = UsageTotals.ZERO;
    public UsageTotals foreground = UsageTotals.ZERO;
  }

  static UsageLedger read(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      return new UsageLedger();
    }
    if (text.isBlank()) {
      return new UsageLedger();
    }
    try {
      UsageLedger ledger = MAPPER.readValue(text, UsageLedger.class);
      return ledger.days == null ? new UsageLedger() : ledger;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IOException(
          "usage ledger " + file + " is not valid (" + e.getOriginalMessage()
              + "); fix or move the file aside, Engram does not overwrite it", e);
    }
  }

  String toJson() throws IOException {
    return MAPPER.writeValueAsString(this);
  }

  long sessionBackgroundTotal(String sessionId) {
    long total = 0;
    for (Day day : days.values()) {
      Session session = day.sessions.get(sessionId);
      if (session != null) {
        total += session.background.total();
      }
    }
    return total;
  }
}
