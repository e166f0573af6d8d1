package io.engram.recall;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The vector floor calibrated for each query, its model and its script: a memory clears the floor by meaning only when
 * it is closer to the prompt than any of a few reference prompts written in the prompt's script, which no memory is
 * about (everyday requests to a coding agent). An absolute cosine does not calibrate: one model puts any two Chinese
 * texts at 0.35 to 0.45, another puts every text at 0.5 and above, and a prompt no memory answers still has a nearest
 * memory. How close the reference prompts come is the model's own measure of "related only by being a prompt".
 */
final class RelevanceAnchors {
  /** Requests in English that no memory answers, of the kinds people type to a coding agent. */
  static final List<String> LATIN = List.of(
      "Can you explain what this function does?",
      "Fix the failing test.",
      "Write a unit test for this class.",
      "What does this error message mean?",
      "Refactor this method to make it shorter.",
      "How do I sort a list in reverse order?",
      "Rename this variable everywhere.",
      "Summarize the changes in this diff.",
      "What is the difference between these two approaches?",
      "Add logging to this code.",
      "Thanks, that works now.",
      "Continue with the next step.");

  /** The same kinds of requests in Chinese. */
  static final List<String> CJK = List.of(
      "帮我解释一下这个函数是做什么的",
      "把这个失败的测试修好",
      "给这个类写个单元测试",
      "这个报错是什么意思？",
      "把这个方法重构得短一点",
      "怎么把一个列表倒序排列？",
      "把这个变量全部重命名",
      "总结一下这次改动",
      "这两种写法有什么区别？",
      "给这段代码加点日志",
      "好的，现在可以了，谢谢",
      "继续下一步吧");

  // Each model embeds the reference prompts of a script once per process, when a query in that script first asks.
  private static final Map<Embedder, float[][]> LATIN_VECTORS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Embedder, float[][]> CJK_VECTORS = Collections.synchronizedMap(new WeakHashMap<>());

  private RelevanceAnchors() {}

  /** The highest cosine between {@code queryVector} (the vector of {@code query}) and the references of its script. */
  static double nearest(Embedder embedder, String query, float[] queryVector) {
    boolean cjk = Script.of(query) == Script.CJK;
    float[][] anchors = (cjk ? CJK_VECTORS : LATIN_VECTORS).computeIfAbsent(embedder,
        e -> embedQueries(e, cjk ? CJK : LATIN));
    double best = -1;
    for (float[] anchor : anchors) {
      best = Math.max(best, Vectors.cosine(queryVector, anchor));
    }
    return best;
  }

  private static float[][] embedQueries(Embedder e, List<String> texts) {
    return texts.stream().map(e::embedQuery).toArray(float[][]::new);
  }
}
