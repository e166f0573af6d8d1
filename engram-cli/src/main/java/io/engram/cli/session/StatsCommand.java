package io.engram.cli.session;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.output.Styled;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.config.ContextSettings;
import io.engram.context.ContextLevel;
import io.engram.context.ContextTimeline;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCalibration;
import io.engram.transcript.CodingAgent;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.FileActivity;
import io.engram.transcript.Role;
import io.engram.transcript.TodoList;
import io.engram.transcript.Transcript;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram stats TRANSCRIPT}: what a session holds and how full its context window got. */
@Examples({
    "engram stats ~/.claude/projects/-work-app/3f2a9c1e.jsonl",
    "engram stats --json ~/.claude/projects/-work-app/3f2a9c1e.jsonl"})
@Command(
    name = "stats",
    mixinStandardHelpOptions = true,
    description = {
      "Summarise an agent session from its transcript.",
      "Counts messages, tool calls, files touched, errors, todos and tokens (estimated and, where recorded,"
          + " real), and shows the window level at each request and the compactions.",
      "Reads the sessions of Claude Code, Codex, Gemini CLI, OpenCode (opencode export) and Cursor, told apart by"
          + " their content, and plain JSON lists of chat messages."
    })
public final class StatsCommand implements Runnable {
  // The text lists the first ten files the session touched, a screenful under the counts; --json gives them all.
  private static final int LISTED_FILES = 10;
  @Spec CommandSpec spec;

  @Mixin TranscriptFile transcript;

  @Mixin JsonOption json;

  @Option(names = "--points", description = "Text output: list every request, not only level changes.")
  boolean allPoints;

  @Override
  public void run() {
    ContextSettings settings = GlobalOptions.of(spec).settings().context();
    Transcript t = transcript.read();
    StatsReport report = StatsReport.of(t, settings);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
    } else {
      printText(out, report);
    }
  }

  /** Counts by kind as a person reads them: "user 6, assistant 5". */
  private static String each(Map<?, Integer> counts) {
    return counts.entrySet().stream()
        .map(e -> (e.getKey() instanceof Enum<?> k ? k.name().toLowerCase(Locale.ROOT) : e.getKey()) + " "
            + e.getValue())
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /** {@link #each} after a count, " (user 6, assistant 5)"; nothing when there are none. */
  private static String inParentheses(Map<?, Integer> counts) {
    return counts.isEmpty() ? "" : " (" + each(counts) + ")";
  }

  private void printText(PrintWriter out, StatsReport r) {
    StatsReport.Counts counts = r.counts();
    StatsReport.Work work = r.work();
    StatsReport.Tokens tokens = r.tokens();
    StatsReport.Window window = r.window();
    out.println(Styled.bold("session " + r.sessionId()) + " (" + r.agent().displayName() + ")");
    out.printf("messages:     %d%s, typed by the user: %d%n", counts.messages(), inParentheses(counts.messagesByRole()),
        counts.userMessages());
    out.printf("tool calls:   %d%s%n", counts.toolCalls(), inParentheses(counts.toolCallCounts()));
    out.printf("files:        %d touched%n", work.files().size());
    work.files().stream().limit(LISTED_FILES).forEach(f ->
        out.printf("  %-60s reads %d, writes %d, edits %d%n", f.path(), f.reads(), f.writes(), f.edits()));
    out.printf("errors:       %d, fixed later: %d%n", work.errors(), work.errorsFixed());
    out.printf("open todos:   %d%n", work.openTodos().size());
    work.openTodos().forEach(t -> out.println("  - [" + t.status() + "] " + t.content()));
    out.printf("tokens:       estimated %d (visible text, corrected), real prompt at last request %s%n",
        tokens.estimatedTokens(), tokens.lastRealPromptTokens().map(String::valueOf).orElse("not recorded"));
    tokens.calibration().ifPresent(c -> out.printf(
        "calibration:  factor %.3f on this session; error raw %.1f%%, overhead only %.1f%%, calibrated %.1f%%%n",
        c.factor(), c.errorRaw(), c.errorOverheadOnly(), c.errorCalibrated()));
    out.printf("compactions:  %d%n", window.compactions().size());
    window.compactions().forEach(c -> out.printf("  line %d at %s: %s, %s tokens before%n", c.lineNumber(),
        c.timestamp().map(Object::toString).orElse("?"), c.trigger().isEmpty() ? "unknown trigger" : c.trigger(),
        c.preTokens().map(String::valueOf).orElse("?")));
    out.println("levels:       " + (window.levelCounts().isEmpty() ? "none" : each(window.levelCounts())));
    ContextLevel previous = null;
    int previousSegment = -1;
    for (ContextTimeline.Point p : window.points()) {
      ContextTimeline.Position at = p.position();
      if (allPoints || p.level() != previous || at.segment() != previousSegment) {
        out.printf("  line %-6d segment %d  %-8s %s est %d real %s of %d%n", at.lineNumber(), at.segment(),
            p.level(), at.at().map(Object::toString).orElse(""), p.estimatedTokens(),
            p.actualTokens().map(String::valueOf).orElse("-"), p.windowTokens());
      }
      previous = p.level();
      previousSegment = at.segment();
    }
    if (!r.problems().isEmpty()) {
      out.println("problems:     " + r.problems().size());
      r.problems().forEach(p -> out.println("  " + p));
    }
    out.flush();
  }

  /**
   * The report {@code stats} prints; also its JSON shape, one flat object (the parts' fields in order).
   *
   * @param sessionId the session
   * @param agent the agent that wrote it
   * @param counts messages and tool calls
   * @param work files touched, errors and open todos
   * @param tokens the token estimate, the real prompt size and the calibration
   * @param window compactions and the window level at each request
   * @param subagents the subagent transcripts, with their sizes
   * @param problems the lines the reader could not use
   */
  record StatsReport(
      String sessionId,
      CodingAgent agent,
      @JsonUnwrapped Counts counts,
      @JsonUnwrapped Work work,
      @JsonUnwrapped Tokens tokens,
      @JsonUnwrapped Window window,
      List<String> subagents,
      List<String> problems) {

    /** Messages and tool calls. */
    record Counts(int messages, Map<Role, Integer> messagesByRole, int userMessages, int toolCalls,
        Map<String, Integer> toolCallCounts) {}

    /** What the session worked on: files touched, tool errors (and how many a later call fixed), open todos. */
    record Work(List<FileActivity> files, int errors, int errorsFixed, List<TodoList.Todo> openTodos) {}

    /** The corrected token estimate, the real prompt size at the last request, and the fitted calibration. */
    record Tokens(long estimatedTokens, Optional<Long> lastRealPromptTokens,
        Optional<TokenCalibration.Fit> calibration) {}

    /** The compactions, how many requests reached each level, and every request's point. */
    record Window(List<io.engram.transcript.CompactionBoundary> compactions, Map<ContextLevel, Integer> levelCounts,
        List<ContextTimeline.Point> points) {}

    static StatsReport of(Transcript t, ContextSettings settings) {
      Map<Role, Integer> byRole = new TreeMap<>();
      t.messages().forEach(m -> byRole.merge(m.role(), 1, Integer::sum));
      List<ErrorFix> errors = ErrorFix.of(t.messages());
      JtokkitTokenCounter raw = new JtokkitTokenCounter();
      List<ContextTimeline.Point> points = ContextTimeline.of(t, settings, raw);
      Map<ContextLevel, Integer> levels = new TreeMap<>();
      points.forEach(p -> levels.merge(p.level(), 1, Integer::sum));
      String model = t.messages().stream().flatMap(m -> m.model().stream()).reduce((a, b) -> b).orElse("");
      JtokkitTokenCounter corrected = JtokkitTokenCounter.forModel(model, settings);
      long estimated = t.messages().stream().mapToLong(m -> corrected.count(m.promptText())).sum();
      List<TokenCalibration.Sample> samples = TokenCalibration.samples(t, raw);
      Optional<TokenCalibration.Fit> fit = Optional.empty();
      try {
        fit = samples.size() >= 3 ? Optional.of(TokenCalibration.fit(samples)) : Optional.empty();
      } catch (IllegalArgumentException e) {
        fit = Optional.empty(); // no spread to fit: the report simply has no calibration
      }
      return new StatsReport(
          t.sessionId(),
          t.agent(),
          new Counts(t.messages().size(), byRole, t.userMessages().size(), t.toolCallCount(), t.toolCallCounts()),
          new Work(FileActivity.of(t.messages()), errors.size(),
              (int) errors.stream().filter(e -> e.fix().isPresent()).count(), TodoList.latest(t.messages()).open()),
          new Tokens(estimated, points.stream().flatMap(p -> p.actualTokens().stream()).reduce((a, b) -> b), fit),
          new Window(t.boundaries(), levels, points),
          t.subagents().stream().map(s -> s.agentId().orElse("?") + " (" + s.messages().size() + " messages)").toList(),
          t.problems().stream().map(Object::toString).toList());
    }
  }
}
