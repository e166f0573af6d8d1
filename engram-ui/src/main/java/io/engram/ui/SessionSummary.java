package io.engram.ui;

import io.engram.memory.StoredMemory;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the sessions list shows of one session, read from its transcript: the agent that wrote it, the first thing
 * the person asked, when it started and ended, its length (messages, the person's turns, minutes), its compactions,
 * and the memories learnt in it (those whose provenance names it). Kept per transcript file while its size and last
 * change stay the same, so a list of many long sessions reads each once.
 *
 * @param agent the coding agent, as the transcript's reader tells it
 * @param firstPrompt the person's first message, cut to {@value #PROMPT_CHARS} characters
 * @param started the first message's time, if the transcript has times
 * @param ended the last message's time
 * @param minutes from the first message to the last
 * @param messages the messages of the main line
 * @param turns what the person typed
 * @param compactions the compactions in the transcript
 * @param learned the memories written from this session, by name
 */
record SessionSummary(String agent, String firstPrompt, Optional<Instant> started, Optional<Instant> ended,
    long minutes, int messages, int turns, int compactions, List<String> learned) {
  // Layout: what one row of the sessions list has room for, about two lines of it.
  static final int PROMPT_CHARS = 200;
  // Sessions whose summary is kept (each a few hundred bytes): more than a project's list shows, so it is read once.
  private static final int CACHED = 512;

  /** Summaries by file, size and last change, the least recently used going first. */
  private static final Map<String, SessionSummary> CACHE = new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, SessionSummary> eldest) {
      return size() > CACHED;
    }
  };

  SessionSummary {
    learned = List.copyOf(learned);
  }

  /** The summary of the transcript at {@code file}; empty when it cannot be read. */
  static Optional<SessionSummary> of(Path file) {
    String key;
    try {
      key = file + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file).toMillis();
    } catch (IOException e) {
      return Optional.empty();
    }
    synchronized (CACHE) {
      SessionSummary cached = CACHE.get(key);
      if (cached != null) {
        return Optional.of(cached);
      }
    }
    Transcript t;
    try {
      t = TranscriptReader.read(file);
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // the row still shows the id and the file
    }
    List<TranscriptMessage> main = t.mainLine();
    Optional<Instant> started = main.stream().flatMap(m -> m.timestamp().stream()).findFirst();
    Optional<Instant> ended = main.stream().flatMap(m -> m.timestamp().stream()).reduce((a, b) -> b);
    String first = t.userMessages().stream().map(m -> m.text().strip()).filter(x -> !x.isEmpty()).findFirst()
        .orElse("");
    SessionSummary s = new SessionSummary(t.agent().displayName(),
        first.length() > PROMPT_CHARS ? first.substring(0, PROMPT_CHARS) + "…" : first, started, ended,
        started.isPresent() && ended.isPresent() ? Duration.between(started.get(), ended.get()).toMinutes() : 0,
        main.size(), t.userMessages().size(), t.boundaries().size(), List.of());
    synchronized (CACHE) {
      CACHE.put(key, s);
    }
    return Optional.of(s);
  }

  /** This summary with the memories learnt in the session. */
  SessionSummary withLearned(List<String> names) {
    return new SessionSummary(agent, firstPrompt, started, ended, minutes, messages, turns, compactions, names);
  }

  /** The memories by the session their provenance names. */
  static Map<String, List<String>> learnedBySession(List<StoredMemory> memories) {
    Map<String, List<String>> out = new TreeMap<>();
    for (StoredMemory m : memories) {
      m.memory().session().ifPresent(s -> out.computeIfAbsent(s, k -> new java.util.ArrayList<>()).add(m.name()));
    }
    return out;
  }
}
