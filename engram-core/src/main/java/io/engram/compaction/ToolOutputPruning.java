package io.engram.compaction;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Chooses the tool outputs to prune before anything else is compacted (old tool outputs are
 * pruned first): oldest first, until the tokens to free are freed, never touching outputs of the most
 * recent messages.
 */
final class ToolOutputPruning {

  private ToolOutputPruning() {}

  /**
   * A tool output that could be pruned.
   *
   * @param id the tool-use id the output answers
   * @param messageIndex the position of its message in the conversation (0 = oldest)
   * @param tokens what the output costs
   */
  public record Output(String id, int messageIndex, int tokens) {
    public Output {
      if (id == null || messageIndex < 0 || tokens < 0) {
        throw new IllegalArgumentException("tool output needs an id, messageIndex >= 0 and tokens >= 0");
      }
    }
  }

  /**
   * The outcome: what to prune and what it frees.
   *
   * @param pruned the outputs to replace by a short placeholder, oldest first
   * @param freedTokens their summed tokens
   * @param loss one {@link LossRecord.Kind#TOOL_OUTPUT} entry per pruned output
   */
  public record Result(List<Output> pruned, long freedTokens, LossRecord loss) {
    public Result {
      pruned = List.copyOf(pruned);
    }
  }

  /**
   * Picks outputs oldest first (ties: larger first) until at least {@code tokensToFree} are freed, among
   * outputs whose message index is below {@code messageCount - protectRecent}. May free less when the
   * unprotected outputs do not hold enough; frees nothing when {@code tokensToFree <= 0}.
   */
  public static Result prune(List<Output> outputs, long tokensToFree, int messageCount, int protectRecent) {
    int firstProtected = Math.max(0, messageCount - Math.max(0, protectRecent));
    List<Output> candidates =
        outputs.stream()
            .filter(o -> o.messageIndex() < firstProtected)
            .sorted(
                Comparator.comparingInt(Output::messageIndex)
                    .thenComparing(Output::tokens, Comparator.reverseOrder()))
            .toList();
    List<Output> pruned = new ArrayList<>();
    long freed = 0;
    LossRecord loss = LossRecord.empty();
    for (Output o : candidates) {
      if (freed >= tokensToFree) {
        break;
      }
      pruned.add(o);
      freed += o.tokens();
      String detail = "old tool output of message " + o.messageIndex() + " pruned";
      loss = loss.plus(new LossRecord.Entry(LossRecord.Kind.TOOL_OUTPUT, o.id(), detail, o.tokens()));
    }
    return new Result(pruned, freed, loss);
  }
}
