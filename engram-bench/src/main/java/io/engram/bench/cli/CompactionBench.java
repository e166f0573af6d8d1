package io.engram.bench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.compaction.AfterCompaction;
import io.engram.compaction.ClaudeCodeComparison;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Engram's compaction against Claude Code's on real compactions: a folder of them, each as the data tools lay it
 * out ({@code ID.pre.jsonl} the transcript up to the compaction, {@code ID.cc.txt} Claude Code's summary, {@code
 * ID.next.json} what the agent did next), compared by {@link ClaudeCodeComparison} and reported per part of the
 * folder's split (a tuning part and a part set aside before tuning), the baseline being Claude Code's summary of
 * the same span, measured in the same run.
 */
@Command(
    name = "compaction",
    mixinStandardHelpOptions = true,
    description = {"Compare Engram's compaction with Claude Code's on real compactions.",
      "DIR holds ID.pre.jsonl (the transcript up to the compaction), ID.cc.txt (Claude Code's summary) and"
          + " ID.next.json (what the agent did next) for each compaction; DIR/split.tsv (id, session, part) says"
          + " which part each belongs to (without one, three sessions in ten are set aside by a hash of their id).",
      "A column complete (in the split or in DIR/index.tsv) set to no marks a transcript that begins mid-session:"
          + " such slices are totalled apart from the whole compactions of their part; a compaction whose transcript"
          + " holds no message (a slice that begins at the compaction) is counted apart, not compared, and so is one"
          + " whose ID.cc.txt holds no summary (the compaction hit a usage limit or an API error and Claude Code"
          + " handed on its words instead).",
      "For both summaries: size, files the agent touched next that the summary kept, the last request named,"
          + " the next step against what the agent did next, errors kept, score; and the scores of a keyword"
          + " dump, the user messages alone and another session's summary."})
final class CompactionBench implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "DIR", description = "The folder of compactions.")
  Path data;

  @Option(names = "--split", paramLabel = "FILE",
      description = "id, session and part, tab-separated, a header line first (default: DIR/split.tsv).")
  Path split;

  @Option(names = "--part", paramLabel = "PART",
      description = "Only the compactions of this part (tuning, set-aside, ...); default: every part.")
  String part;

  @Option(names = "--show", description = "Print both next steps and what they name, for each compaction of the"
      + " tuning parts only (those whose name starts with tuning; a set-aside part is measured, never read).")
  boolean show;

  @Mixin JsonOption json;

  /**
   * One compaction's figures, or the failure that stopped it; {@code whole} when its transcript holds all that
   * Claude Code summarised (from the session's start or an earlier compaction), not a slice from mid-session;
   * {@code empty} when its transcript holds no message at all (a slice that begins at the compaction), so there is
   * nothing to compact or score: counted apart, neither compared nor a failure; {@code noSummary} the words Claude Code
   * handed on in place of a summary it could not write ("You've hit your limit"), when so: no summary to compare
   * with, so counted apart too.
   */
  record Row(String id, String part, boolean whole, Optional<ClaudeCodeComparison.Figures> figures,
      Optional<String> failure, boolean empty, Optional<String> noSummary) {
    Row(String id, String part, boolean whole, Optional<ClaudeCodeComparison.Figures> figures,
        Optional<String> failure, boolean empty) {
      this(id, part, whole, figures, failure, empty, Optional.empty());
    }
  }

  /** The totals of one part. */
  record PartTotals(String part, int compactions, int failures, int empty, int noSummary, Rate nextStepEngram,
      Rate nextStepClaude, Rate filesKeptEngram, Rate filesKeptClaude, Rate taskNamedEngram, Rate taskNamedClaude, double sizeRatio,
      double medianSizeRatio, double errorsKeptEngram, double errorsKeptClaude, double meanScoreEngram,
      double meanScoreClaude, Rate claudeAtLeast80, double maxKeywordDump, double maxUserMessagesAlone,
      double maxOtherSession, Rate baselinesBelow70) {}

  /** A count out of a total, and its percentage. */
  record Rate(int count, int of) {
    double percent() {
      return of == 0 ? 0 : 100.0 * count / of;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%d/%d (%.0f%%)", count, of, percent());
    }
  }

  /** Every compaction's row and each part's totals. */
  record Result(List<Row> rows, List<PartTotals> parts) {}

  @Override
  public void run() {
    if (!Files.isDirectory(data)) {
      throw new UserFacingException("no folder of compactions at " + data);
    }
    GlobalOptions global = GlobalOptions.of(spec);
    Path splitFile = split != null ? split : data.resolve("split.tsv");
    Map<String, String> parts = column(splitFile, "part", 2);
    Map<String, String> complete = column(data.resolve("index.tsv"), "complete", -1);
    complete.putAll(column(splitFile, "complete", -1));
    List<String> ids = ids();
    if (part != null) {
      ids = ids.stream().filter(id -> part.equals(part(parts, id))).toList();
    }
    if (ids.isEmpty()) {
      throw new UserFacingException("no compaction (ID.pre.jsonl with ID.cc.txt and ID.next.json) in " + data
          + (part == null ? "" : " for the part " + part));
    }
    ClaudeCodeComparison comparison = new ClaudeCodeComparison(global.settings(), global.roots().engramHome());
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      String id = ids.get(i);
      String p = part(parts, id);
      err.printf(Locale.ROOT, "[%d/%d] %s (%s)%n", i + 1, ids.size(), id, p);
      err.flush();
      Row row = compare(comparison, id, p, !"no".equals(complete.get(id)), other(ids, i, parts));
      rows.add(row);
      if (show && !json.enabled() && p.startsWith("tuning")) {
        CompactionBenchTable.show(out, row);
      }
    }
    // Slices from mid-session are totalled apart: the score sees little of what their summary summarised.
    Map<String, List<Row>> byPart = new LinkedHashMap<>();
    rows.stream().sorted(java.util.Comparator.comparing((Row r) -> !r.whole()))
        .forEach(r -> byPart.computeIfAbsent(r.part() + (r.whole() ? "" : ", slices from mid-session"),
            k -> new ArrayList<>()).add(r));
    List<PartTotals> totals = byPart.entrySet().stream().map(e -> totals(e.getKey(), e.getValue())).toList();
    if (json.enabled()) {
      JsonOutput.print(out, new Result(rows, totals));
    } else {
      CompactionBenchTable.print(out, rows, totals);
    }
    out.flush();
  }

  // A compaction's part: as the split file says, else set aside by a hash of its session's id, the lab's rule.
  private String part(Map<String, String> parts, String id) {
    return parts.computeIfAbsent(id, k -> SetAside.setAside(session(k)) ? "set-aside" : "tuning");
  }

  private Row compare(ClaudeCodeComparison comparison, String id, String p, boolean whole, Optional<String> other) {
    try {
      Transcript before = TranscriptReader.read(data.resolve(id + ".pre.jsonl"));
      if (before.messages().isEmpty()) {
        return new Row(id, p, whole, Optional.empty(), Optional.empty(), true);
      }
      String claude = Files.readString(data.resolve(id + ".cc.txt"), StandardCharsets.UTF_8);
      Optional<String> noSummary = ClaudeCodeComparison.noSummary(claude);
      if (noSummary.isPresent()) {
        return new Row(id, p, whole, Optional.empty(), Optional.empty(), false, noSummary);
      }
      JsonNode next = JsonOutput.mapper().readTree(data.resolve(id + ".next.json").toFile());
      String instructions = next.path("compact_instructions").isTextual() ? next.path("compact_instructions").asText()
          : "";
      return new Row(id, p, whole, Optional.of(comparison.compare(before, claude, instructions,
          AfterCompaction.fromJson(next), other)), Optional.empty(), false);
    } catch (IOException | RuntimeException e) {
      // Counted and reported: a compaction that fails is the first thing this benchmark must show.
      return new Row(id, p, whole, Optional.empty(), Optional.of(e.toString()), false);
    }
  }

  // The summary of the next compaction of the same part from another session that handed one on: a real summary of
  // other work.
  private Optional<String> other(List<String> ids, int at, Map<String, String> parts) {
    for (int k = 1; k < ids.size(); k++) {
      String id = ids.get((at + k) % ids.size());
      if (part(parts, id).equals(part(parts, ids.get(at)))
          && !session(id).equals(session(ids.get(at)))) {
        try {
          String summary = Files.readString(data.resolve(id + ".cc.txt"), StandardCharsets.UTF_8);
          if (ClaudeCodeComparison.noSummary(summary).isEmpty()) {
            return Optional.of(summary);
          }
        } catch (IOException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private String session(String id) {
    try {
      return JsonOutput.mapper().readTree(data.resolve(id + ".next.json").toFile()).path("session_id").asText(id);
    } catch (IOException e) {
      return id;
    }
  }

  private List<String> ids() {
    try (Stream<Path> files = Files.list(data)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".pre.jsonl"))
          .map(n -> n.substring(0, n.length() - ".pre.jsonl".length()))
          .filter(id -> Files.isRegularFile(data.resolve(id + ".cc.txt"))
              && Files.isRegularFile(data.resolve(id + ".next.json")))
          .sorted().toList();
    } catch (IOException e) {
      throw new UserFacingException("cannot list " + data + ": " + e.getMessage());
    }
  }

  private static Map<String, String> column(Path file, String name, int at) {
    try {
      return TsvColumn.byId(file, name, at);
    } catch (IOException e) {
      throw new UserFacingException("cannot read " + file + ": " + e.getMessage());
    }
  }

  static PartTotals totals(String part, List<Row> rows) {
    List<ClaudeCodeComparison.Figures> f = rows.stream().flatMap(r -> r.figures().stream()).toList();
    int failures = (int) rows.stream().filter(r -> r.failure().isPresent()).count();
    List<Double> ratios = f.stream().map(x -> x.claude().chars() == 0 ? 0.0
        : (double) x.engram().chars() / x.claude().chars()).sorted().toList();
    long engramChars = f.stream().mapToLong(x -> x.engram().chars()).sum();
    long claudeChars = f.stream().mapToLong(x -> x.claude().chars()).sum();
    int baselinesBelow = (int) f.stream().filter(x -> x.baselines().keywordDump() < 70
        && x.baselines().userMessagesAlone() < 70 && x.baselines().otherSession().orElse(0.0) < 70).count();
    return new PartTotals(part, rows.size(), failures, (int) rows.stream().filter(Row::empty).count(),
        (int) rows.stream().filter(r -> r.noSummary().isPresent()).count(),
        rate(f, x -> x.engram().nextStep()), rate(f, x -> x.claude().nextStep()),
        files(f, true), files(f, false),
        rate(f, x -> x.engram().taskNamed()), rate(f, x -> x.claude().taskNamed()),
        claudeChars == 0 ? 0 : (double) engramChars / claudeChars,
        ratios.isEmpty() ? 0 : ratios.get(ratios.size() / 2),
        f.stream().mapToDouble(x -> x.engram().errorsKept()).average().orElse(0),
        f.stream().mapToDouble(x -> x.claude().errorsKept()).average().orElse(0),
        f.stream().mapToDouble(x -> x.engram().score()).average().orElse(0),
        f.stream().mapToDouble(x -> x.claude().score()).average().orElse(0),
        new Rate((int) f.stream().filter(x -> x.claude().score() >= 80).count(), f.size()),
        f.stream().mapToDouble(x -> x.baselines().keywordDump()).max().orElse(0),
        f.stream().mapToDouble(x -> x.baselines().userMessagesAlone()).max().orElse(0),
        f.stream().mapToDouble(x -> x.baselines().otherSession().orElse(0.0)).max().orElse(0),
        new Rate(baselinesBelow, f.size()));
  }

  private static Rate rate(List<ClaudeCodeComparison.Figures> f,
      java.util.function.Function<ClaudeCodeComparison.Figures, Optional<Boolean>> measure) {
    List<Boolean> known = f.stream().flatMap(x -> measure.apply(x).stream()).toList();
    return new Rate((int) known.stream().filter(b -> b).count(), known.size());
  }

  private static Rate files(List<ClaudeCodeComparison.Figures> f, boolean engram) {
    int kept = f.stream().mapToInt(x -> (engram ? x.engram() : x.claude()).filesKept()).sum();
    int of = f.stream().mapToInt(x -> (engram ? x.engram() : x.claude()).filesAfter()).sum();
    return new Rate(kept, of);
  }
}
