package io.engram.compaction;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.redact.SecretRedactor;
import io.engram.transcript.TodoList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one compaction produced: the summary that replaces the compacted messages and how it was judged,
 * what is restored after it, what was dropped, which engine wrote it, and the sizes before and after.
 * It is the one record every surface prints; serialized with Jackson its parts are flat fields ({@code
 * summary}, {@code score}, {@code steps}, {@code restoredFiles}, {@code tokensBefore}, ...), without the
 * contents of restored files and of instruction files.
 *
 * @param summary the final summary ({@code <summary>} block with numbered sections)
 * @param sections the final summary's sections, in order
 * @param scoring its score, the ladder steps behind it and what was re-added word for word
 * @param restored what is put back into the context after the summary
 * @param lost what was dropped: pruned tool outputs, truncated messages, lost key information, missing
 *     sections, files not restored
 * @param answeredBy the engine that wrote the summary
 * @param sizes messages and tokens before and after
 */
public record CompactionResult(
    String summary,
    List<Section> sections,
    @JsonUnwrapped Scoring scoring,
    @JsonUnwrapped Restoration restored,
    LossRecord lost,
    @JsonUnwrapped AnsweredBy answeredBy,
    @JsonUnwrapped Sizes sizes) {

  public CompactionResult {
    Objects.requireNonNull(summary, "summary");
    // Summaries are printed, returned over MCP and handed back to the agent: never with a secret in them.
    SecretRedactor redactor = SecretRedactor.standard();
    summary = redactor.redact(summary).text();
    sections = sections.stream().map(s -> new Section(s.number(), s.title(), redactor.redact(s.text()).text())).toList();
    Objects.requireNonNull(scoring, "scoring");
    Objects.requireNonNull(restored, "restored");
    Objects.requireNonNull(lost, "lost");
    Objects.requireNonNull(answeredBy, "answeredBy");
    Objects.requireNonNull(sizes, "sizes");
  }

  /**
   * How the summary was judged.
   *
   * @param score the final summary's score; empty when the ladder ended in truncation
   * @param steps every degradation-ladder step, in order
   * @param readded user messages, the last request and open todos that a summarizer attempt dropped and
   *     that were put back word for word (each once)
   */
  public record Scoring(Optional<CompactionScore> score, List<LadderStep> steps, List<String> readded) {
    public Scoring {
      Objects.requireNonNull(score, "score");
      steps = List.copyOf(steps);
      readded = readded.stream().map(r -> SecretRedactor.standard().redact(r).text()).toList();
    }
  }

  /**
   * What is put back into the context after the summary.
   *
   * @param restoredFiles the files, best score first
   * @param todos the todo list (the state the last TodoWrite left, completed items included)
   * @param instructions the instruction files re-injected (read again from disk)
   * @param instructionText their prompt text ({@code LoadedInstructions.render()}), empty when none
   */
  public record Restoration(List<RestoredFile> restoredFiles, List<TodoList.Todo> todos,
      List<Instruction> instructions, @JsonIgnore String instructionText) {
    public Restoration {
      // Restored files go back into the agent's context: a .env among them keeps its names, not its values.
      SecretRedactor redactor = SecretRedactor.standard();
      restoredFiles = restoredFiles.stream()
          .map(f -> new RestoredFile(f.path(), f.score(), f.tokens(),
              f.content() == null ? null : redactor.redact(f.content()).text())).toList();
      todos = List.copyOf(todos);
      instructions = List.copyOf(instructions);
      instructionText = redactor.redact(Objects.requireNonNull(instructionText, "instructionText")).text();
    }

    /** The tokens of the restored files. */
    @JsonProperty("restoredTokens")
    public long restoredTokens() {
      return restoredFiles.stream().mapToLong(RestoredFile::tokens).sum();
    }
  }

  /**
   * The engine that wrote the summary.
   *
   * @param engine {@code model} or {@code offline}
   * @param engineId the model's {@code provider:model}, or {@code offline}
   * @param fallbackReason why the offline engine ran although a model was configured; absent from the JSON form
   *     when none, as every surface prints it
   */
  public record AnsweredBy(String engine, String engineId,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> fallbackReason) {
    public AnsweredBy {
      Objects.requireNonNull(engine, "engine");
      Objects.requireNonNull(engineId, "engineId");
      Objects.requireNonNull(fallbackReason, "fallbackReason");
    }
  }

  /**
   * Messages and tokens before and after.
   *
   * @param summarizedFrom index of the first message summarised (after the messages session notes cover)
   * @param keptMessages how many of the most recent messages are kept as they are (only when truncated)
   * @param tokensBefore the tokens of the compacted messages
   * @param summaryTokens the tokens of the summary
   * @param tokensAfter what replaces the compacted messages: summary plus kept messages
   */
  public record Sizes(int summarizedFrom, int keptMessages, long tokensBefore, long summaryTokens, long tokensAfter) {
    /** How much shorter the compacted messages became, in percent (0 when nothing was there). */
    @JsonProperty("reductionPercent")
    public double reductionPercent() {
      return tokensBefore == 0 ? 0 : 100.0 * (tokensBefore - tokensAfter) / tokensBefore;
    }
  }

  /** One section of the final summary. */
  public record Section(int number, String title, String text) {}

  /**
   * A file restored after compaction.
   *
   * @param path the file on disk
   * @param score its FileScore total
   * @param tokens what its content costs
   * @param content its text (wrap it with a fence before it enters a prompt)
   */
  public record RestoredFile(String path, double score, int tokens, @JsonIgnore String content) {}

  /** An instruction file re-injected after compaction, with its text. */
  public record Instruction(String path, String level, int tokens) {}
}
