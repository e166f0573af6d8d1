package io.engram.recall;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.model.Answered;
import io.engram.model.JsonAnswer;
import io.engram.model.LanguageModel;
import io.engram.model.ModelRequest;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import io.engram.model.StructuredOutput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link Reranker} that asks the configured model which memories are useful, as Claude Code asks Sonnet:
 * the prompt holds the query, the hybrid short list (one line per candidate, {@code name: description},
 * best first) and the manifest (the newest current memories, at most {@code recall.manifestMaxFiles}, one
 * line each with type and age); the answer must be a JSON list of at most {@code maxPicks} names, each
 * from one of the two lists, or {@code []}. An unusable answer is shown to the model once ({@link
 * StructuredOutput}); when the model still fails, errors, times out or its budget is spent, this throws
 * with the router's reason and the {@link Recaller} keeps the hybrid order and says why.
 */
public final class ModelReranker implements Reranker {
  static final String SYSTEM =
      "You select memories for a coding agent. You are given the user's request, the memory files a search"
          + " found for it (best first, one per line as `name: description`) and the list of all memory files"
          + " (newest first, as `name [type, age]: description`). Pick the memories that will clearly help with"
          + " the request, most useful first. Pick none rather than a doubtful one. Answer with only a JSON array"
          + " of names copied exactly from the lists, for example [\"testing-needs-redis\"], or [] when none"
          + " helps.";

  private final ModelRouter router;
  private final int maxPicks;
  private final int maxTokens;
  private final Clock clock;

  /** A reranker over {@code router}'s model that picks at most {@code maxPicks} memories. */
  public ModelReranker(ModelRouter router, int maxPicks) {
    this(router, maxPicks, Clock.systemUTC());
  }

  /** As {@link #ModelReranker(ModelRouter, int)}, the manifest's ages counted to {@code clock}'s now. */
  public ModelReranker(ModelRouter router, int maxPicks, Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.router = Objects.requireNonNull(router, "router");
    if (maxPicks <= 0) {
      throw new IllegalArgumentException("maxPicks must be positive, was " + maxPicks);
    }
    this.maxPicks = maxPicks;
    this.maxTokens = 64 + 48 * maxPicks;
  }

  @Override
  public List<String> rerank(String query, List<RecallDocument> shortList, Manifest manifest) {
    Map<String, String> idByName = new LinkedHashMap<>();
    StringBuilder found = new StringBuilder();
    for (RecallDocument d : shortList) {
      idByName.putIfAbsent(d.name(), d.id());
      found.append("- ").append(d.name()).append(": ").append(oneLine(d.description())).append('\n');
    }
    StringBuilder all = new StringBuilder();
    Instant now = clock.instant();
    for (Manifest.Entry e : manifest.entries()) {
      idByName.putIfAbsent(e.name(), e.id());
      all.append("- ").append(e.name()).append(" [").append(e.type()).append(", ").append(age(e.updated(), now))
          .append("]: ").append(oneLine(e.description())).append('\n');
    }
    if (manifest.omitted() > 0) {
      all.append("(").append(manifest.omitted()).append(" older memories not listed)\n");
    }
    String prompt = "Request:\n" + query.strip()
        + "\n\nFound by search, best first:\n" + (found.length() == 0 ? "(nothing)\n" : found)
        + "\nAll memories, newest first:\n" + (all.length() == 0 ? "(none)\n" : all)
        + "\nAnswer with a JSON array of at most " + maxPicks + " names from these lists, or [] when none helps.";
    ModelRequest request = ModelRequest.of(SYSTEM, prompt, maxTokens);
    Answered<Optional<List<String>>> answer = router.run(Purpose.RECALL_RERANK, true,
        model -> Optional.of(ask(model, request, idByName)), Optional::empty);
    if (answer.value().isEmpty()) {
      throw new IllegalStateException(answer.fallbackReason().orElse("no model configured"));
    }
    return answer.value().get();
  }

  /** How old a memory is, as the model reads it: {@code 5m}, {@code 3h}, {@code 12d}. */
  static String age(Instant updated, Instant now) {
    long minutes = Math.max(0, Duration.between(updated, now).toMinutes());
    if (minutes < 60) {
      return minutes + "m";
    }
    return minutes < 48 * 60 ? minutes / 60 + "h" : minutes / (24 * 60) + "d";
  }

  @Override
  public String name() {
    return "model " + router.engineId();
  }

  private List<String> ask(LanguageModel model, ModelRequest request, Map<String, String> idByName) {
    return StructuredOutput.ask(model, request, text -> picks(text, idByName)).value();
  }

  /** The ids of the names in {@code text}; an {@link IllegalArgumentException} tells the model what is wrong. */
  List<String> picks(String text, Map<String, String> idByName) {
    JsonNode node = JsonAnswer.tree(text);
    if (!node.isArray()) {
      throw new IllegalArgumentException("expected a JSON array of names but got " + node.getNodeType().name()
          .toLowerCase(java.util.Locale.ROOT));
    }
    if (node.size() > maxPicks) {
      throw new IllegalArgumentException("at most " + maxPicks + " names, got " + node.size());
    }
    List<String> ids = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    for (JsonNode n : node) {
      String name = n.isTextual() ? n.asText().strip() : n.toString();
      String id = idByName.get(name);
      if (id == null) {
        unknown.add(name);
      } else {
        ids.add(id);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("not in the list: " + String.join(", ", unknown));
    }
    return List.copyOf(new LinkedHashSet<>(ids));
  }

  private static String oneLine(String s) {
    return s.replaceAll("\\s+", " ").strip();
  }
}
