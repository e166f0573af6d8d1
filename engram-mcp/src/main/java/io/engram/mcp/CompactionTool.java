package io.engram.mcp;

import io.engram.Engram;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.compaction.CompactionProgress;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.RestartContext;
import io.engram.compaction.SessionCompaction;
import io.engram.levels.ContextLevelKeeper;
import io.engram.levels.PreparedCompaction;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code compact} tool: compacts the current segment of a Claude Code transcript through {@link
 * SessionCompaction}, as {@code engram compact} does. Its structured content is the {@link
 * CompactionResult} in the JSON form {@code engram compact --json} prints (restored files named and
 * scored, their contents left out, so the tool never hands out file text the transcript only pointed
 * at); its text content is the summary and its score. When Engram prepared a compaction of the transcript as
 * it is now (its window reached the urgent or critical level), that one is answered as it is, marked
 * {@code prepared}. With {@code restart} the answer is the text to continue from ({@link RestartContext}); with
 * {@code whenDue} the tool acts on the window's level as the hooks do ({@link ContextLevelKeeper#afterTurn}).
 */
final class CompactionTool {
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules().build();

  /** The stages a compaction reports: reading the transcript, then the compaction's own. */
  private static final int STAGES = 1 + CompactionProgress.STAGES;

  private final Engram engram;

  CompactionTool(Engram engram) {
    this.engram = engram;
  }

  /** The structured content: a compaction as {@code engram compact --json} prints it, or what acting on the level did. */
  private static final String OUTPUT = """
      {"type":"object","properties":{\
      "summary":{"type":"string","description":"The summary that replaces the compacted messages"},\
      "sections":{"type":"array","items":{"type":"object","properties":{"number":{"type":"integer"},\
      "title":{"type":"string"},"text":{"type":"string"}},"required":["number","title","text"]}},\
      "score":{"type":"object","description":"0.3 SC + 0.4 KP + 0.2 CC + 0.1 CR and its parts; absent when the\
       ladder ended in truncation","properties":{"total":{"type":"number"}}},\
      "steps":{"type":"array","items":{"type":"object"},"description":"Each degradation-ladder step"},\
      "readded":{"type":"array","items":{"type":"string"},"description":"What was put back word for word"},\
      "restoredFiles":{"type":"array","items":{"type":"object","properties":{"path":{"type":"string"},\
      "score":{"type":"number"},"tokens":{"type":"integer"}}},"description":"Files to read again, best first"},\
      "todos":{"type":"array","items":{"type":"object"}},\
      "instructions":{"type":"array","items":{"type":"object"},"description":"Instruction files to re-inject"},\
      "restoredTokens":{"type":"integer"},\
      "lost":{"type":"object","description":"What was dropped, entry by entry"},\
      "engine":{"type":"string","description":"model or offline"},\
      "engineId":{"type":"string"},\
      "fallbackReason":{"type":"string","description":"Why the offline engine ran though a model is\
       configured"},\
      "summarizedFrom":{"type":"integer"},"keptMessages":{"type":"integer"},\
      "tokensBefore":{"type":"integer"},"summaryTokens":{"type":"integer"},"tokensAfter":{"type":"integer"},\
      "reductionPercent":{"type":"number"},\
      "restartContext":{"type":"string","description":"With restart: the text to continue from"},\
      "prepared":{"type":"object","description":"Present when Engram had prepared this compaction as the window\
       filled","properties":{"at":{"type":"string"},"percent":{"type":"integer"},"messages":{"type":"integer"}}},\
      "level":{"type":"string","description":"With whenDue: how full the window is (ok, warning, urgent,\
       critical)"},\
      "percent":{"type":"integer","description":"With whenDue: the window's fill in percent"},\
      "turnsLeft":{"type":"object","description":"With whenDue: the turns left before the window is full"},\
      "done":{"type":"array","items":{"type":"string"},"description":"With whenDue: what was done at this level"},\
      "notice":{"type":"string"},"preparedAt":{"type":"string"}},\
      "anyOf":[{"required":["summary","sections","tokensBefore","tokensAfter"]},\
      {"required":["level","percent","done"]}]}""";

  ToolDef def() {
    return new ToolDef("compact", "Compact a session", "Compact a Claude Code transcript (.jsonl): the 9-section"
        + " summary of the messages after its last compaction, its quality score (0.3 SC + 0.4 KP + 0.2 CC + 0.1"
        + " CR), the files and todos to restore, the instruction files to re-inject, and what was lost. It takes"
        + " seconds on a long session: send a progressToken to hear each stage; a cancelled call stops at its"
        + " next stage.",
        ToolDef.Effect.writes(false, false),
        Schemas.arguments("\"transcript\":{\"type\":\"string\",\"minLength\":1,\"description\":\"Absolute path"
            + " of the session's .jsonl transcript\"},\"instructions\":{\"type\":\"string\",\"description\":"
            + "\"Extra instructions for the summary, as in /compact TEXT\"},\"restart\":{\"type\":\"boolean\","
            + "\"description\":\"Answer with the text to continue from: the summary, the restored files fenced as"
            + " data, the open todos and the messages kept by priority\"},\"whenDue\":{\"type\":\"boolean\","
            + "\"description\":\"Act on how full the window is instead (notes at 60%, a prepared compaction at 80%,"
            + " the compaction at 92%, each once), with the turns left\"}", "transcript"),
        OUTPUT, this::run);
  }

  private ToolDef.ToolAnswer run(ToolCall call) throws IOException {
    Arguments args = call.args();
    Path path = Path.of(args.requiredString("transcript"));
    if (!path.isAbsolute()) {
      throw new ToolInputException("argument 'transcript' must be an absolute path, was " + path);
    }
    if (!path.getFileName().toString().endsWith(".jsonl") || !Files.isRegularFile(path)) {
      throw new ToolInputException("argument 'transcript': no .jsonl transcript file at " + path);
    }
    Optional<String> instructions = args.optionalString("instructions");
    boolean restart = args.flag("restart");
    boolean whenDue = args.flag("whenDue");
    if (whenDue && (restart || instructions.isPresent())) {
      throw new ToolInputException("argument 'whenDue' acts on the window's level: it takes no 'restart' or"
          + " 'instructions'");
    }
    call.step(1, STAGES, "reading the transcript");
    Transcript transcript = TranscriptReader.read(path);
    if (transcript.messages().isEmpty()) {
      throw new ToolInputException("argument 'transcript': " + path + " holds no messages");
    }
    if (whenDue) {
      return whenDue(engram.levels("mcp").afterTurn(transcript, "the compact tool"));
    }
    if (instructions.isEmpty() && !restart) {
      Optional<PreparedCompaction> ready = engram.levels("mcp").preparedFor(transcript);
      if (ready.isPresent()) {
        return prepared(ready.get());
      }
    }
    SessionCompaction compaction = engram.compaction();
    CompactionResult r;
    double[] last = {1};
    try {
      r = compaction.compact(transcript, SessionCompaction.Request.userRequested(instructions.orElse("")),
          (stage, what) -> {
            // A stage that comes again (the summary's next attempt) is a tenth further on, so progress still grows.
            last[0] = Math.max(stage + 1, last[0] + 0.1);
            call.step(last[0], STAGES, what);
          });
    } catch (IllegalArgumentException e) {
      throw new ToolInputException("argument 'transcript': " + e.getMessage());
    }
    Map<String, Object> structured = asMap(r);
    String text = r.summary() + r.scoring().score().map(s -> String.format(Locale.ROOT,
        "%n%nscore %.1f (SC %.0f, KP %.0f, CC %.0f, CR %.0f); %,d -> %,d tokens", s.total(), s.sections(),
        s.keyInformation(), s.continuity(), s.compression(), r.sizes().tokensBefore(), r.sizes().tokensAfter())).orElse("");
    if (restart) {
      String restartText = RestartContext.render(r, transcript, engram.settings().context());
      structured.put("restartContext", restartText);
      return new ToolDef.ToolAnswer(restartText, structured);
    }
    return new ToolDef.ToolAnswer(text, structured);
  }

  /** What acting on the window's level did, as {@code engram compact --when-due --json} says it. */
  private static ToolDef.ToolAnswer whenDue(ContextLevelKeeper.Outcome o) {
    Map<String, Object> structured = new java.util.LinkedHashMap<>();
    structured.put("level", o.advice().level().name().toLowerCase(Locale.ROOT));
    structured.put("percent", o.advice().percent());
    o.advice().turnsLeft().ifPresent(t -> structured.put("turnsLeft", Map.of("low", t.low(), "high", t.high(),
        "basis", t.basis().name().toLowerCase(Locale.ROOT))));
    structured.put("done", o.done().stream().map(a -> a.name().toLowerCase(Locale.ROOT).replace('_', ' ')).toList());
    o.notice().ifPresent(n -> structured.put("notice", n));
    o.prepared().ifPresent(p -> structured.put("preparedAt", p.preparedAt()));
    String text = o.notice().orElse(o.advice().headline() + (o.done().isEmpty() && !o.advice().actions().isEmpty()
        ? "; already acted on at this level" : ""));
    boolean compacted = o.done().contains(io.engram.context.LevelAction.COMPACT);
    return new ToolDef.ToolAnswer(compacted ? text + "\n\n" + o.prepared().map(PreparedCompaction::summary)
        .orElse("") : text, structured);
  }

  /** The compaction Engram prepared when the window reached its urgent or critical level, used as it is. */
  private ToolDef.ToolAnswer prepared(PreparedCompaction p) {
    Map<String, Object> structured = asMap(p.result());
    structured.put("prepared", Map.of("at", p.preparedAt(), "percent", p.percent(), "messages", p.messages()));
    return new ToolDef.ToolAnswer(p.summary() + String.format(Locale.ROOT, "%n%nprepared by Engram at %d%% of the"
        + " window (%s); the transcript has not changed since", p.percent(), p.preparedAt()), structured);
  }

  /** A compaction's JSON form without its empty optional fields (absent, not null, as the output schema says). */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object r) {
    Map<String, Object> m = JSON.convertValue(r, Map.class);
    m.values().removeIf(java.util.Objects::isNull);
    return m;
  }
}
