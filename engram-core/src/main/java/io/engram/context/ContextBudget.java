package io.engram.context;

import io.engram.config.ContextSettings;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * How one request's window is shared out: system prompt + instruction files +
 * memory, the compaction summary, file contents, and recent messages.
 *
 * @param windowTokens the whole window
 * @param systemTokens system prompt, instruction files and memory (5% by default)
 * @param summaryTokens the compaction summary (20%)
 * @param fileTokens restored file contents (45%)
 * @param messageTokens recent messages (30%)
 */
public record ContextBudget(
    int windowTokens, int systemTokens, int summaryTokens, int fileTokens, int messageTokens) {

  /**
   * Splits {@code windowTokens} by the shares in {@code settings}.
   *
   * @throws IllegalArgumentException when a share is negative or the shares add up to more than 1
   */
  public static ContextBudget of(int windowTokens, ContextSettings settings) {
    double[] shares = {
      settings.systemShare(), settings.summaryShare(), settings.filesShare(), settings.messagesShare()
    };
    double sum = 0;
    for (double share : shares) {
      if (share < 0) {
        throw new IllegalArgumentException("context budget shares must not be negative: " + share);
      }
      sum += share;
    }
    if (sum > 1.0 + 1e-9) {
      throw new IllegalArgumentException("context budget shares add up to " + sum + ", more than 1");
    }
    return new ContextBudget(
        windowTokens,
        (int) (windowTokens * shares[0]),
        (int) (windowTokens * shares[1]),
        (int) (windowTokens * shares[2]),
        (int) (windowTokens * shares[3]));
  }

  /**
   * The order in which messages earn a place among the recent messages: what the person typed
   * (newest first), then the messages of errors and their fixes (newest error first), then the rest
   * by time (newest first). Returns indexes into {@code messages}.
   */
  public static List<Integer> priorityOrder(List<TranscriptMessage> messages) {
    Set<Integer> order = new LinkedHashSet<>();
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i).isHumanInput()) {
        order.add(i);
      }
    }
    List<ErrorFix> errors = ErrorFix.of(messages);
    for (int e = errors.size() - 1; e >= 0; e--) {
      order.addAll(errors.get(e).messageIndexes());
    }
    for (int i = messages.size() - 1; i >= 0; i--) {
      order.add(i);
    }
    return List.copyOf(order);
  }

  /**
   * The recent messages that fit {@link #messageTokens}, chosen in {@link #priorityOrder} and returned
   * in their original order. A tool call and its result are taken together or not at all, so the
   * request never holds a result without its call.
   */
  public List<TranscriptMessage> recentMessages(List<TranscriptMessage> messages, TokenCounter counter) {
    Map<Integer, Set<Integer>> partners = toolPartners(messages);
    int[] cost = new int[messages.size()];
    for (int i = 0; i < cost.length; i++) {
      cost[i] = counter.count(messages.get(i).promptText());
    }
    BitSet chosen = new BitSet(messages.size());
    long used = 0;
    for (int index : priorityOrder(messages)) {
      if (chosen.get(index)) {
        continue;
      }
      Set<Integer> unit = new TreeSet<>(partners.getOrDefault(index, Set.of()));
      unit.add(index);
      long unitCost = unit.stream().filter(i -> !chosen.get(i)).mapToLong(i -> cost[i]).sum();
      if (used + unitCost <= messageTokens) {
        unit.forEach(chosen::set);
        used += unitCost;
      }
    }
    List<TranscriptMessage> result = new ArrayList<>();
    chosen.stream().forEach(i -> result.add(messages.get(i)));
    return List.copyOf(result);
  }

  // Links each message holding a tool call with the messages holding its results, both ways.
  private static Map<Integer, Set<Integer>> toolPartners(List<TranscriptMessage> messages) {
    Map<String, Integer> callAt = new HashMap<>();
    Map<Integer, Set<Integer>> partners = new HashMap<>();
    for (int i = 0; i < messages.size(); i++) {
      for (ContentBlock.ToolUse use : messages.get(i).toolUses()) {
        callAt.put(use.id(), i);
      }
      for (ContentBlock.ToolResult result : messages.get(i).toolResults()) {
        Integer call = callAt.get(result.toolUseId());
        if (call != null && call != i) {
          partners.computeIfAbsent(i, k -> new TreeSet<>()).add(call);
          partners.computeIfAbsent(call, k -> new TreeSet<>()).add(i);
        }
      }
    }
    return partners;
  }
}
