package io.engram.extract;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * How whole the corrections an {@link Extractor} writes are, on a set of labelled corrections (JSONL, one {@link
 * Item} a line): whether it finds each one, and whether what it writes keeps what to do instead and why.
 *
 * <p>A correction is found when a candidate of its turn holds its key phrase (what not to do, or what to do
 * instead when the correction names no "don't"); the alternative and the reason are kept when that candidate
 * holds their phrases too; a found correction is kept whole when its memory keeps every one of them the person said.
 * A candidate from a negative item (a one-off request, a correction of the task at hand,
 * a sentence that corrects nothing) is a false positive. Phrases match case-insensitively, in the name,
 * description and body together.
 *
 * <p>Items fall in the tuning or the set-aside part by a SHA-256 of their id (three in ten set aside unless the set
 * says another share when it is built), so the split is fixed before anything is tuned, and a file cannot move an
 * item across it.
 */
final class CorrectionEvaluation {

  private CorrectionEvaluation() {}

  /** What a correction must keep: phrases, each empty when the correction does not say it. */
  record Expected(String avoid, String instead, String reason) {
    String key() {
      return avoid.isEmpty() ? instead : avoid;
    }
  }

  /**
   * One labelled turn.
   *
   * @param previous the agent's message before it, or ""
   * @param expected empty for a negative
   */
  record Item(String id, String lang, String previous, String text, Optional<Expected> expected) {
    /** Whether the item falls in the set-aside part: the first four bytes of SHA-256(id), modulo 10, below 3. */
    boolean setAside() {
      return setAside(3);
    }

    /** Whether the item falls in a set-aside part of {@code tenths} in ten (the same hash, another share). */
    boolean setAside(int tenths) {
      return tenth() < tenths;
    }

    /** Which tenth the item falls in: the first four bytes of SHA-256(id), modulo 10. */
    int tenth() {
      return tenth(id);
    }

    /**
     * Which tenth the item's chat (or file) falls in: the same hash of its id without its last {@code :}-part (the
     * turn's or line's number: ids are {@code set:repository:chat:n}), so every turn of one chat falls together.
     */
    int chatTenth() {
      int last = id.lastIndexOf(':');
      return tenth(last < 0 ? id : id.substring(0, last));
    }

    /**
     * Which tenth the item's person or source falls in: the same hash of the id's second {@code :}-part (the
     * repository, {@code owner/name}), so every chat and file of one person falls together, across sets too.
     */
    int personTenth() {
      String[] parts = id.split(":", 3);
      return tenth(parts.length < 3 ? id : parts[1]);
    }

    private static int tenth(String key) {
      try {
        byte[] h = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        long first = ((h[0] & 0xffL) << 24) | ((h[1] & 0xff) << 16) | ((h[2] & 0xff) << 8) | (h[3] & 0xff);
        return (int) (first % 10);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("every JVM has SHA-256", e);
      }
    }
  }

  /** One item's outcome, for reading the misses. */
  record Outcome(Item item, boolean found, boolean alternativeKept, boolean reasonKept, List<MemoryCandidate> written) {}

  static List<Item> read(Reader in) throws IOException {
    return List.copyOf(
        LabelledLines.read(in, CorrectionEvaluation::item, n -> "line " + n + ": not a labelled correction: "));
  }

  private static Item item(JsonNode j) {
    JsonNode e = j.path("expected");
    Optional<Expected> expected = e.isObject()
        ? Optional.of(new Expected(e.path("avoid").asText(""), e.path("instead").asText(""),
            e.path("reason").asText("")))
        : Optional.empty();
    return new Item(j.get("id").asText(), j.path("lang").asText(""), j.path("prev").asText(""),
        j.get("text").asText(), expected);
  }

  static List<Outcome> outcomes(Extractor extractor, List<Item> items, Predicate<Item> part) {
    List<Outcome> out = new ArrayList<>();
    for (Item item : items) {
      if (!part.test(item)) {
        continue;
      }
      List<TurnText> turns = new ArrayList<>();
      if (!item.previous().isBlank()) {
        turns.add(TurnText.of(TurnRole.ASSISTANT, item.previous()));
      }
      turns.add(TurnText.of(TurnRole.USER, item.text()));
      List<MemoryCandidate> written = extractor.extract(turns, List.of());
      if (item.expected().isEmpty()) {
        out.add(new Outcome(item, false, false, false, written));
        continue;
      }
      Expected e = item.expected().get();
      Optional<String> holding = written.stream().map(CorrectionEvaluation::text)
          .filter(t -> holds(t, e.key())).findFirst();
      out.add(new Outcome(item, holding.isPresent(), holding.filter(t -> holds(t, e.instead())).isPresent(),
          holding.filter(t -> holds(t, e.reason())).isPresent(), written));
    }
    return out;
  }

  static CorrectionScore score(List<Outcome> outcomes) {
    int corrections = 0;
    int found = 0;
    int withAlternative = 0;
    int alternativeKept = 0;
    int withReason = 0;
    int reasonKept = 0;
    int keptWhole = 0;
    int negatives = 0;
    int falsePositives = 0;
    int negativesWritten = 0;
    for (Outcome o : outcomes) {
      if (o.item().expected().isEmpty()) {
        negatives++;
        falsePositives += o.written().size();
        negativesWritten += o.written().isEmpty() ? 0 : 1;
        continue;
      }
      Expected e = o.item().expected().get();
      corrections++;
      found += o.found() ? 1 : 0;
      if (!e.instead().isEmpty() && !e.avoid().isEmpty()) {
        withAlternative++;
        alternativeKept += o.alternativeKept() ? 1 : 0;
      }
      if (!e.reason().isEmpty()) {
        withReason++;
        reasonKept += o.reasonKept() ? 1 : 0;
      }
      boolean alternativeWhole = e.instead().isEmpty() || e.avoid().isEmpty() || o.alternativeKept();
      keptWhole += o.found() && alternativeWhole && (e.reason().isEmpty() || o.reasonKept()) ? 1 : 0;
    }
    return new CorrectionScore(corrections, found, withAlternative, alternativeKept, withReason, reasonKept, keptWhole, negatives,
        falsePositives, negativesWritten);
  }

  private static String text(MemoryCandidate c) {
    return c.name() + "\n" + c.description() + "\n" + c.body();
  }

  private static boolean holds(String text, String phrase) {
    return phrase.isEmpty() || text.toLowerCase(Locale.ROOT).contains(phrase.toLowerCase(Locale.ROOT));
  }
}
