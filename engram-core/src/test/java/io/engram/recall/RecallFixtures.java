package io.engram.recall;

import io.engram.config.RecallSettings;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/** Shared builders for recall tests. */
final class RecallFixtures {
  static final Instant NOW = Instant.parse("2026-05-12T10:00:00Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  private RecallFixtures() {}

  static RecallDocument doc(String id, String body) {
    return RecallDocument.of(id, id, "about " + id, body, NOW.minusSeconds(3600));
  }

  static RecallDocument doc(String id, String body, Instant updated, int uses, boolean superseded) {
    return new RecallDocument(id, id, "about " + id, body, "project",
        new RecallDocument.Activity(updated, Optional.empty(), uses), superseded, List.of());
  }

  static RecallIndex index(List<RecallDocument> docs) {
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.empty());
    index.sync(docs);
    return index;
  }

  static Recaller recaller(RecallIndex index, RecallSettings settings, Optional<Reranker> reranker) {
    return new Recaller(index, settings, reranker, CLOCK);
  }

  static RecallSettings settings(int files, int perFile, int perTurn, int perSession) {
    RecallSettings d = RecallSettings.DEFAULTS;
    return d.with("filesPerTurn", files).with("bytesPerFile", perFile).with("bytesPerTurn", perTurn)
        .with("bytesPerSession", perSession);
  }

  /** The default settings with a vector floor of {@code floor} for {@code model} alone. */
  static RecallSettings withVectorFloor(String model, double floor) {
    return withVectorFloor(model, floor, java.util.Map.of());
  }

  /** The same, with the anchor margins {@code margins}. */
  static RecallSettings withVectorFloor(String model, double floor, java.util.Map<String, Double> margins) {
    RecallSettings d = RecallSettings.DEFAULTS;
    return d.with("vectorFloors", java.util.Map.of(model, floor)).with("anchorMargins", margins);
  }
}
