package io.engram.bench.cli;

import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.compaction.ClaudeCodeComparison;
import io.engram.compaction.CompactionEvaluation;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Benchmark of offline compaction against Claude Code's own summaries: for each session given (one Claude Code
 * compacted, with its {@code agent-acompact-*} transcript beside it), the part before the compaction is
 * compacted offline; the baseline is Claude Code's summary of the same span, measured in the same run.
 */
@Command(
    name = "compaction-vs-claude",
    mixinStandardHelpOptions = true,
    description = {"Compare offline compaction with the summaries Claude Code made.",
      "Each session Claude Code compacted is cut where it did and compacted offline.",
      "Reports the size, the files kept, and the scores of both and of summaries made to game the score.",
      "Those are a keyword dump, the user messages alone and another session's summary.",
      "Shows the Pending Tasks, Current Work and next step of both to read."})
final class ClaudeCodeCompactionBench implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--data", paramLabel = "FILE", required = true,
      description = "A Claude Code transcript (.jsonl) that compacted; repeat for more sessions.")
  List<Path> data;

  @Mixin JsonOption json;

  /** The figures of every session, in the order given. */
  record Result(List<ClaudeCodeComparison.Figures> sessions) {}

  @Override
  public void run() {
    GlobalOptions global = GlobalOptions.of(spec);
    List<Transcript> sessions = new ArrayList<>();
    List<String> claude = new ArrayList<>();
    for (Path file : data) {
      Transcript t = read(file);
      claude.add(CompactionEvaluation.claudeCodeSummary(t).orElseThrow(
          () -> new UserFacingException(file + ": the session never compacted, so there is nothing to compare with")));
      sessions.add(t);
    }
    ClaudeCodeComparison comparison = new ClaudeCodeComparison(global.settings(), global.roots().engramHome());
    List<ClaudeCodeComparison.Figures> figures = new ArrayList<>();
    for (int i = 0; i < sessions.size(); i++) {
      Optional<String> other = sessions.size() > 1 ? Optional.of(claude.get((i + 1) % sessions.size()))
          : Optional.empty();
      try {
        figures.add(comparison.compare(sessions.get(i), other));
      } catch (IOException e) {
        throw new UserFacingException(data.get(i) + ": " + e.getMessage());
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Result(figures));
    } else {
      human(out, figures);
    }
    out.flush();
  }

  private static void human(PrintWriter out, List<ClaudeCodeComparison.Figures> figures) {
    out.println("| session | messages | Engram chars | Claude Code chars | size ratio | files kept | Engram score"
        + " | Claude Code score | keyword dump | user messages alone | other session's summary |");
    out.println("|---|---|---|---|---|---|---|---|---|---|---|");
    for (ClaudeCodeComparison.Figures f : figures) {
      ClaudeCodeComparison.Scores s = f.scores();
      out.printf(Locale.ROOT, "| %s | %d | %,d | %,d | %.2fx | %d/%d | %.1f | %.1f | %.1f | %.1f | %s |%n",
          f.session().substring(0, Math.min(8, f.session().length())), f.messages(), f.engramChars(), f.claudeChars(),
          f.sizeRatio(), f.filesKept(), f.claudeFiles(), s.engram(), s.claude(), s.keywordDump(), s.userMessagesAlone(),
          s.otherSession().map(o -> String.format(Locale.ROOT, "%.1f", o)).orElse("-"));
    }
    for (ClaudeCodeComparison.Figures f : figures) {
      out.println();
      out.println("## " + f.session());
      continuation(out, "Engram", f.engram());
      continuation(out, "Claude Code", f.claude());
    }
  }

  private static void continuation(PrintWriter out, String who, ClaudeCodeComparison.Continuation c) {
    out.println("### " + who);
    out.println("7. Pending Tasks:\n" + c.pendingTasks());
    out.println("8. Current Work:\n" + c.currentWork());
    out.println("9. Next Step:\n" + c.nextStep());
  }

  private static Transcript read(Path file) {
    try {
      return TranscriptReader.read(file);
    } catch (IOException e) {
      throw new UserFacingException("cannot read " + file + ": " + e.getMessage());
    }
  }
}
