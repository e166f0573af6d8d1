package io.engram.ui;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.config.ContextSettings;
import io.engram.context.ContextTimeline;
import io.engram.dream.SessionTranscripts;
import io.engram.hooks.InjectionLedger;
import io.engram.levels.PreparedCompaction;
import io.engram.notes.NotesStore;
import io.engram.notes.StoredNotes;
import io.engram.transcript.CompactionBoundary;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The sessions part of the UI's JSON API: the sessions whose transcripts the hooks recorded for the project
 * ({@link SessionTranscripts}, what {@code engram history} and the dream read), and one session's timeline:
 * the window at each model request as {@code engram stats} computes it ({@link ContextTimeline}), the
 * level lines, the compactions in the transcript with the compaction Engram prepared for a segment (its score
 * and loss record), the session notes ({@link NotesStore}), and what the hooks injected at each call
 * ({@link InjectionLedger}); asked for a {@code turn} (a transcript message's uuid, from a memory's provenance),
 * the timeline names the request that answered it.
 */
final class SessionsApi {
  private final UiProject project;

  SessionsApi(UiProject project) {
    this.project = project;
  }

  /**
   * One recorded session as a person picks it from the list: its id and transcript, when the transcript last changed
   * (absent when it is gone), and what the transcript says ({@link SessionSummary}, empty when it cannot be read).
   */
  record SessionRow(String id, String transcript, Optional<Instant> modified, Optional<SessionSummary> summary) {}

  /** The list, the most recently changed first. */
  record Sessions(List<SessionRow> sessions) {}

  /** One request: its line and time, its segment, the tokens in the window, whether the provider recorded them. */
  record Point(int line, Optional<Instant> at, int segment, long tokens, boolean recorded, int windowTokens,
      String level) {}

  /** The window level lines, as shares of the window. */
  record Lines(double warning, double urgent, double critical) {}

  /**
   * A compaction in the transcript: where, what triggered it, the size before, the index of the first request
   * after it, and the compaction Engram prepared for the segment it closed, when one is kept.
   */
  record Compaction(int line, Optional<Instant> at, String trigger, Optional<Long> preTokens, int beforePoint,
      Optional<Prepared> prepared) {}

  /** A compaction Engram prepared: for which segment, how full the window was, its score and what it dropped. */
  record Prepared(int segment, int percent, String preparedAt, String engine, JsonNode score, JsonNode lost) {}

  /**
   * The turn a link asked the timeline to show (a memory's provenance): the transcript message, its line, and the
   * index of the first request at or after it (the request that answered it).
   */
  record Anchor(String turn, int line, Optional<Instant> at, int point) {}

  /** One session's timeline. */
  record Timeline(String id, String transcript, List<Point> points, Lines lines, List<Compaction> compactions,
      Optional<Prepared> pendingPrepared, String notes, List<InjectionLedger.Entry> injections,
      Optional<Anchor> anchor, List<String> problems) {}

  void answer(UiExchange x, String route) throws IOException, UiExchange.Refusal {
    if (!x.method().equals("GET") && !x.method().equals("HEAD")) {
      throw new UiExchange.Refusal(405, "read with GET");
    }
    if (route.equals("sessions")) {
      x.json(200, list());
    } else {
      x.json(200, timeline(route.substring("sessions/".length()), x.param("turn")));
    }
  }

  private Map<String, Path> recorded() throws IOException {
    return new SessionTranscripts(project.memory().location().projectDir()).read();
  }

  Sessions list() throws IOException {
    List<SessionRow> rows = new ArrayList<>();
    Map<String, List<String>> learned = SessionSummary.learnedBySession(project.memory().list().memories());
    for (Map.Entry<String, Path> e : recorded().entrySet()) {
      Path t = e.getValue();
      Optional<Instant> modified = Files.isRegularFile(t)
          ? Optional.of(Files.getLastModifiedTime(t).toInstant()) : Optional.empty();
      rows.add(new SessionRow(e.getKey(), t.toString(), modified, modified.flatMap(m -> SessionSummary.of(t)
          .map(summary -> summary.withLearned(learned.getOrDefault(e.getKey(), List.of()))))));
    }
    rows.sort(Comparator.comparing((SessionRow r) -> r.modified().orElse(Instant.EPOCH)).reversed());
    return new Sessions(rows);
  }

  Timeline timeline(String id, Optional<String> turn) throws IOException, UiExchange.Refusal {
    // Only a session the project recorded: the id never becomes a path of the caller's choosing.
    Path file = recorded().get(id);
    if (file == null) {
      throw new UiExchange.Refusal(404, "no session '" + id + "' recorded for this project");
    }
    if (!Files.isRegularFile(file)) {
      throw new UiExchange.Refusal(404, "the transcript of session '" + id + "' is gone: " + file);
    }
    Transcript t = TranscriptReader.read(file);
    ContextSettings context = project.settings().context();
    List<ContextTimeline.Point> timeline = ContextTimeline.of(t, context);
    List<Point> points = timeline.stream().map(p -> new Point(p.position().lineNumber(), p.position().at(),
        p.position().segment(), p.actualTokens().orElse(p.estimatedTokens()), p.actualTokens().isPresent(),
        p.windowTokens(), p.level().name().toLowerCase(Locale.ROOT))).toList();
    Optional<Prepared> prepared = PreparedCompaction.read(project.engramHome(), id).map(SessionsApi::prepared);
    List<Compaction> compactions = new ArrayList<>();
    List<CompactionBoundary> boundaries = t.boundaries();
    for (int i = 0; i < boundaries.size(); i++) {
      CompactionBoundary b = boundaries.get(i);
      int before = (int) timeline.stream().filter(p -> p.position().messageIndex() < b.messageIndex()).count();
      int closedSegment = i; // boundary i ends segment i
      compactions.add(new Compaction(b.lineNumber(), b.timestamp(), b.trigger(), b.preTokens(), before,
          prepared.filter(p -> p.segment() == closedSegment)));
    }
    Optional<Prepared> pending = prepared.filter(p -> p.segment() >= boundaries.size());
    String notes = project.notes().read(id).map(StoredNotes::notes)
        .map(n -> n.render()).orElse("");
    List<String> problems = new ArrayList<>(t.problems().stream().map(Object::toString).toList());
    List<InjectionLedger.Entry> injections = List.of();
    try {
      injections = InjectionLedger.read(project.engramHome(), id);
    } catch (IOException e) {
      problems.add(e.getMessage()); // the rest of the timeline is still worth showing
    }
    Optional<Anchor> anchor = Optional.empty();
    if (turn.isPresent()) {
      anchor = anchor(t, timeline, turn.get());
      if (anchor.isEmpty()) {
        problems.add("turn " + turn.get() + " is not in this transcript (compacted away or from another session)");
      }
    }
    return new Timeline(id, file.toString(), points,
        new Lines(context.warningRatio(), context.urgentRatio(), context.criticalRatio()), compactions, pending,
        notes, injections, anchor, problems);
  }

  private static Optional<Anchor> anchor(Transcript t, List<ContextTimeline.Point> timeline, String turn) {
    for (int i = 0; i < t.messages().size(); i++) {
      TranscriptMessage m = t.messages().get(i);
      if (m.uuid().filter(turn::equals).isPresent()) {
        int index = i;
        int point = (int) timeline.stream().filter(p -> p.position().messageIndex() < index).count();
        return Optional.of(new Anchor(turn, m.lineNumber(), m.timestamp(),
            Math.min(point, Math.max(0, timeline.size() - 1))));
      }
    }
    return Optional.empty();
  }

  private static Prepared prepared(PreparedCompaction p) {
    return new Prepared(p.segment(), p.percent(), p.preparedAt(), p.engine(), p.result().path("score"),
        p.result().path("lost").path("entries"));
  }
}
