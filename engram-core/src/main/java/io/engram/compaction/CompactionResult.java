package io.engram.compaction;

import io.engram.redact.SecretRedactor;
import io.engram.transcript.TodoList;
import java.util.List;
import java.util.Optional;

/**
 * What one compaction produced: the summary that replaces the compacted messages, its quality score and
 * the ladder steps behind it, what is restored after it (files, the todo list, instruction files), and
 * what was dropped.
 *
 * @param summary the final summary ({@code <summary>} block with numbered sections)
 * @param score the final summary's score; empty when the ladder ended in truncation
 * @param sections the final summary's sections, in order
 * @param steps every degradation-ladder step, in order
 * @param restoredFiles the files to put back into the context, best score first
 * @param todos the todo list to restore (the state the last TodoWrite left, completed items included)
 * @param instructions the instruction files re-injected (read again from disk)
 * @param instructionText their prompt text ({@code LoadedInstructions.render()}), empty when none
 * @param lost what was dropped: pruned tool outputs, truncated messages, lost key information, missing
 *     sections, files not restored
 * @param readded user messages, the last request and open todos that a summarizer attempt dropped and that
 *     were put back word for word (each once)
 * @param engine {@code model} or {@code offline}
 * @param engineId the model's {@code provider:model}, or {@code offline}
 * @param fallbackReason why the offline engine ran although a model was configured
 * @param summarizedFrom index of the first message summarised (after the messages session notes cover)
 * @param keptMessages how many of the most recent messages are kept as they are (only when truncated)
 * @param tokensBefore the tokens of the compacted messages
 * @param summaryTokens the tokens of the summary
 * @param tokensAfter what replaces the compacted messages: summary plus kept messages
 * @param restoredTokens the tokens of the restored files
 */
public record CompactionResult(
    String summary,
    Optional<CompactionScore> score,
    List<Section> sections,
    List<LadderStep> steps,
    List<RestoredFile> restoredFiles,
    List<TodoList.Todo> todos,
    List<Instruction> instructions,
    String instructionText,
    LossRecord lost,
    List<String> readded,
    String engine,
    String engineId,
    Optional<String> fallbackReason,
    int summarizedFrom,
    int keptMessages,
    long tokensBefore,
    long summaryTokens,
    long tokensAfter,
    long restoredTokens) {

  public CompactionResult {
    // Summaries are printed, returned over MCP and handed back to the agent: never with a secret in them.
    SecretRedactor redactor = SecretRedactor.standard();
    summary = redactor.redact(summary).text();
    sections = sections.stream().map(s -> new Section(s.number(), s.title(), redactor.redact(s.text()).text())).toList();
    restoredFiles = restoredFiles.stream()
        .map(f -> new RestoredFile(f.path(), f.score(), f.tokens(), redactor.redact(f.content()).text())).toList();
    readded = readded.stream().map(r -> redactor.redact(r).text()).toList();
    instructionText = redactor.redact(instructionText).text();
    sections = List.copyOf(sections);
    steps = List.copyOf(steps);
    restoredFiles = List.copyOf(restoredFiles);
    todos = List.copyOf(todos);
    instructions = List.copyOf(instructions);
    readded = List.copyOf(readded);
  }

  /** How much shorter the compacted messages became, in percent (0 when nothing was there). */
  public double reductionPercent() {
    return tokensBefore == 0 ? 0 : 100.0 * (tokensBefore - tokensAfter) / tokensBefore;
  }

  /** One section of the final summary. */
  public record Section(int number, String title, String text) {}

  /**
   * A file restored after compaction.
   *
   * @param path the file on disk
   * @param score its FileScore total
   * @param tokens what its content costs
   * @param content its text (wrap it with a {@code FileContentFence} before it enters a prompt)
   */
  public record RestoredFile(String path, double score, int tokens, String content) {}

  /** An instruction file re-injected after compaction, with its text. */
  public record Instruction(String path, String level, int tokens) {}
}
