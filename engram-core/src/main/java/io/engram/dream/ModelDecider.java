package io.engram.dream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.DreamSettings;
import io.engram.model.LanguageModel;
import io.engram.model.ModelRequest;
import io.engram.model.StructuredOutput;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Asks a model to propose the consolidation as JSON (merges, supersessions, rewrites) over the active
 * memories, and validates every name against them, and every rewrite against the body it replaces: a
 * rewrite that changes or drops a quotation, a blockquote or code ({@link MarkdownProse#verbatim}) is
 * refused. An unusable answer is retried once with the problem named ({@link StructuredOutput}), then
 * the caller falls back to the offline rules.
 */
final class ModelDecider {
  static final String SYSTEM = """
      You consolidate the auto memory of a coding agent. You get the active memories as JSON (name, type,
      description, updated, body). Propose only changes you are sure of:
      - merges: memories that say nearly the same thing; the target keeps a body that contains every fact
        of the sources (the sources go to a trash, so never merge memories about different things);
      - supersessions: an older memory whose fact a newer memory overturns (the older stays, marked
        superseded);
      - rewrites: a clearer body for a memory, keeping every fact, file name, command and date, and every
        quotation ("...", “...”, 「...」), blockquote (> ...) and code (`...`, fenced) exactly as it is.
      Use the exact names given. Reply with only this JSON object, no prose:
      {"merges":[{"target":"name","sources":["name"]}],"supersessions":[{"older":"name","newer":"name",
      "reason":"one line"}],"rewrites":[{"name":"name","body":"markdown"}]}
      Empty arrays are fine.""";
  private static final ObjectMapper JSON = new ObjectMapper();

  private ModelDecider() {}

  /** Asks {@code model}, within the bounds of {@code settings}, and returns the validated decisions, by file name. */
  static Decisions decide(LanguageModel model, List<PlanBuilder.Entry> active, DreamSettings settings) {
    int bodyChars = settings.modelBodyChars();
    ArrayNode list = JSON.createArrayNode();
    Map<String, String> fileByName = new HashMap<>();
    Map<String, String> bodyByFile = new HashMap<>();
    for (PlanBuilder.Entry e : active) {
      bodyByFile.put(e.file, e.memory.body());
      ObjectNode m = list.addObject();
      m.put("name", e.memory.name());
      m.put("type", e.memory.type().id());
      m.put("description", e.memory.description());
      m.put("updated", e.updated().toString());
      String body = e.memory.body();
      m.put("body", body.length() > bodyChars ? body.substring(0, bodyChars) + "..." : body);
      fileByName.put(e.memory.name(), e.file);
    }
    ModelRequest request = ModelRequest.of(SYSTEM, list.toString(), settings.maxAnswerTokens());
    return StructuredOutput.ask(model, request, answer -> parse(answer, fileByName, bodyByFile)).value();
  }

  /** {@link #parse(String, Map, Map)} without the bodies, so rewrites are not checked against them. */
  static Decisions parse(String answer, Map<String, String> fileByName) {
    return parse(answer, fileByName, Map.of());
  }

  /**
   * Parses and validates an answer; throws {@link IllegalArgumentException} naming the problem for the
   * model. {@code bodyByFile} holds the current bodies, whose verbatim text a rewrite must keep.
   */
  static Decisions parse(String answer, Map<String, String> fileByName, Map<String, String> bodyByFile) {
    JsonNode root;
    try {
      root = JSON.readTree(strip(answer));
    } catch (Exception e) {
      throw new IllegalArgumentException("the answer is not JSON (" + e.getMessage() + ")");
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("the answer must be one JSON object with merges, supersessions, rewrites");
    }
    Set<String> used = new HashSet<>();
    List<Decisions.Merge> merges = new ArrayList<>();
    for (JsonNode m : array(root, "merges")) {
      String target = file(m.path("target").asText(), fileByName);
      List<String> sources = new ArrayList<>();
      for (JsonNode s : m.path("sources")) {
        String source = file(s.asText(), fileByName);
        if (source.equals(target) || !used.add(source)) {
          throw new IllegalArgumentException("memory '" + s.asText() + "' is merged twice or into itself");
        }
        sources.add(source);
      }
      if (sources.isEmpty() || used.contains(target)) {
        throw new IllegalArgumentException("merge into '" + m.path("target").asText() + "' needs sources and a target that is no source");
      }
      merges.add(new Decisions.Merge(target, sources));
    }
    List<Decisions.Supersession> supersessions = new ArrayList<>();
    for (JsonNode s : array(root, "supersessions")) {
      String older = file(s.path("older").asText(), fileByName);
      String newer = file(s.path("newer").asText(), fileByName);
      if (older.equals(newer) || used.contains(older) || used.contains(newer)) {
        throw new IllegalArgumentException("supersession of '" + s.path("older").asText()
            + "' must name two different memories that are not merged away");
      }
      supersessions.add(new Decisions.Supersession(older, newer, "model: " + s.path("reason").asText("newer fact")));
    }
    Map<String, String> rewrites = new HashMap<>();
    for (JsonNode r : array(root, "rewrites")) {
      String file = file(r.path("name").asText(), fileByName);
      String body = r.path("body").asText("");
      if (body.isBlank() || used.contains(file)) {
        throw new IllegalArgumentException("rewrite of '" + r.path("name").asText() + "' needs a body and a memory that stays");
      }
      for (String kept : MarkdownProse.verbatim(bodyByFile.getOrDefault(file, ""))) {
        if (!body.contains(kept.strip())) {
          throw new IllegalArgumentException("rewrite of '" + r.path("name").asText() + "' changes text that must stay"
              + " verbatim (a quotation, blockquote or code): " + kept.strip());
        }
      }
      rewrites.put(file, body.endsWith("\n") ? body : body + "\n");
    }
    return new Decisions(merges, supersessions, rewrites);
  }

  private static Iterable<JsonNode> array(JsonNode root, String field) {
    JsonNode a = root.path(field);
    if (a.isMissingNode() || a.isNull()) {
      return List.of();
    }
    if (!a.isArray()) {
      throw new IllegalArgumentException("'" + field + "' must be an array");
    }
    return a;
  }

  private static String file(String name, Map<String, String> fileByName) {
    String f = fileByName.get(name);
    if (f == null) {
      throw new IllegalArgumentException("'" + name + "' is not one of the memory names given");
    }
    return f;
  }

  private static String strip(String answer) {
    String t = answer.strip();
    if (t.startsWith("```")) {
      t = t.replaceFirst("^```[a-zA-Z]*\\s*", "").replaceFirst("```\\s*$", "");
    }
    return t;
  }
}
