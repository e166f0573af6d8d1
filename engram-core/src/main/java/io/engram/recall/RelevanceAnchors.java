package io.engram.recall;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The vector floor calibrated for each query, its model and its script: a memory clears the floor by meaning only when
 * it is closer to the prompt than any of the reference prompts written in the prompt's script, which no memory is
 * about: everyday requests to a coding agent, and questions of general programming knowledge. An absolute cosine does
 * not calibrate: one model puts any two Chinese texts at 0.35 to 0.45, another puts every text at 0.5 and above, and a
 * prompt no memory answers still has a nearest memory. How close the reference prompts come is the model's own measure
 * of "related only by being a prompt" and, for a question about a language or a tool, "related only by its topic": a
 * textbook question about Go sits near a reference question about Go and far from none of the project's memories.
 * Measured on the tuning data only (docs/BENCHMARKS.md, "Reference prompts that ask what a textbook answers").
 */
final class RelevanceAnchors {
  /** Requests and questions in English that no memory answers, of the kinds people type to a coding agent. */
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
      "Continue with the next step.",
      "How does a linked list differ from an array?",
      "What is the difference between a stack and a queue?",
      "Explain how HTTPS encryption works.",
      "How do I parse JSON in JavaScript?",
      "What is dependency injection?",
      "How do I write a recursive function to compute factorial?",
      "What is the difference between SQL and NoSQL databases?",
      "How does a load balancer work?",
      "What are Python decorators?",
      "Explain the observer design pattern.",
      "How do I convert a string to an integer in Java?",
      "What is memoization?",
      "How do threads communicate in Java?",
      "What is the difference between git fetch and git pull?",
      "How do I write a regular expression for an email address?",
      "What is a REST API?",
      "Explain what Docker containers are.",
      "How does DNS resolution work?",
      "What is a deadlock and how do I avoid it?",
      "How do I sort a dictionary by value in Python?",
      "What is the difference between == and equals in Java?",
      "How do promises work in JavaScript?",
      "What is tail recursion?",
      "Explain the difference between unit tests and integration tests.",
      "What is a virtual machine?",
      "How do I merge two sorted arrays?",
      "What are microservices?",
      "How do I reverse a string in Go?",
      "What is functional programming?",
      "Recommend a good movie for the weekend.");

  /**
   * The same requests and questions in Chinese, in the same order: each translates its English one ({@link
   * ScriptShifts} pairs them).
   */
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
      "继续下一步吧",
      "链表和数组有什么区别？",
      "栈和队列的区别是什么？",
      "HTTPS 的加密过程是怎样的？",
      "JavaScript 里怎么解析 JSON？",
      "什么是依赖注入？",
      "用递归写一个计算阶乘的函数",
      "SQL 数据库和 NoSQL 数据库有什么区别？",
      "负载均衡是怎么工作的？",
      "Python 的装饰器是什么？",
      "讲一下观察者模式",
      "Java 里字符串怎么转成整数？",
      "什么是记忆化搜索？",
      "Java 线程之间怎么通信？",
      "git fetch 和 git pull 有什么区别？",
      "写一个匹配邮箱地址的正则表达式",
      "什么是 REST API？",
      "解释一下 Docker 容器是什么",
      "DNS 解析的过程是怎样的？",
      "什么是死锁，怎么避免？",
      "Python 里字典怎么按值排序？",
      "Java 里 == 和 equals 有什么区别？",
      "JavaScript 的 Promise 是怎么工作的？",
      "什么是尾递归？",
      "单元测试和集成测试有什么区别？",
      "什么是虚拟机？",
      "怎么合并两个有序数组？",
      "什么是微服务？",
      "Go 里怎么反转一个字符串？",
      "什么是函数式编程？",
      "推荐一部适合周末看的电影");

  /**
   * The same requests and questions in Japanese, in the English ones' order. A Japanese prompt is {@link Script#CJK},
   * read by the pair's Chinese model as a Chinese one is, but measured against Chinese prompts it sits far from all of
   * them (another language), the floor falls, and most memories written in Japanese cleared it for any prompt.
   */
  static final List<String> JAPANESE = List.of(
      "この関数が何をしているか説明してくれる？",
      "失敗しているテストを直して",
      "このクラスの単体テストを書いて",
      "このエラーメッセージはどういう意味？",
      "このメソッドをリファクタリングして短くして",
      "リストを逆順に並べ替えるにはどうすればいい？",
      "この変数の名前を全部変えて",
      "この差分の変更点をまとめて",
      "この二つのやり方の違いは何？",
      "このコードにログを追加して",
      "ありがとう、これで動くようになった",
      "次のステップに進んで",
      "連結リストと配列はどう違うの？",
      "スタックとキューの違いは何？",
      "HTTPS の暗号化の仕組みを説明して",
      "JavaScript で JSON をパースするには？",
      "依存性注入とは何ですか？",
      "階乗を計算する再帰関数を書くには？",
      "SQL データベースと NoSQL データベースの違いは？",
      "ロードバランサーはどうやって動いているの？",
      "Python のデコレータとは何？",
      "オブザーバーパターンを説明して",
      "Java で文字列を整数に変換するには？",
      "メモ化とは何ですか？",
      "Java のスレッド同士はどうやって通信するの？",
      "git fetch と git pull の違いは何？",
      "メールアドレスにマッチする正規表現の書き方は？",
      "REST API とは何ですか？",
      "Docker のコンテナとは何か説明して",
      "DNS の名前解決はどういう流れ？",
      "デッドロックとは何で、どう避ければいい？",
      "Python で辞書を値でソートするには？",
      "Java の == と equals の違いは何？",
      "JavaScript の Promise はどう動くの？",
      "末尾再帰とは何ですか？",
      "単体テストと結合テストの違いを説明して",
      "仮想マシンとは何ですか？",
      "ソート済みの配列を二つマージするには？",
      "マイクロサービスとは何ですか？",
      "Go で文字列を反転するには？",
      "関数型プログラミングとは何ですか？",
      "週末に見るのにいい映画をおすすめして");

  // Each model embeds the reference prompts of a script once per process, when a query in that script first asks.
  private static final Map<Embedder, Anchors> LATIN_VECTORS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Embedder, Anchors> CJK_VECTORS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Embedder, Anchors> JAPANESE_VECTORS = Collections.synchronizedMap(new WeakHashMap<>());

  /** The reference prompts' vectors and their lengths, each measured once rather than per query. */
  private record Anchors(float[][] vectors, double[] norms) {
    static Anchors of(float[][] vectors) {
      double[] norms = new double[vectors.length];
      for (int i = 0; i < vectors.length; i++) {
        norms[i] = Math.sqrt(Vectors.dot(vectors[i], vectors[i]));
      }
      return new Anchors(vectors, norms);
    }
  }

  private RelevanceAnchors() {}

  /**
   * The highest cosine between {@code queryVector} (the vector of {@code query}) and the references of its script, the
   * Japanese ones for a CJK query written with kana when a pair reads it (its CJK model): {@link Vectors#cosine} with
   * each, the lengths measured once. The English model alone, which reads Japanese barely, keeps the Chinese ones: the
   * Japanese ones came so near every Japanese prompt that its keyword gate dropped memories the words had found.
   */
  static double nearest(Embedder embedder, String query, float[] queryVector) {
    Script script = Script.of(query);
    Anchors anchors = script == Script.CJK && Script.hasKana(query) && embedder.models().size() > 1
        ? JAPANESE_VECTORS.computeIfAbsent(embedder, e -> Anchors.of(embedQueries(e, JAPANESE)))
        : anchors(embedder, script);
    double norm = Math.sqrt(Vectors.dot(queryVector, queryVector));
    double best = -1;
    for (int i = 0; i < anchors.vectors().length; i++) {
      double nb = anchors.norms()[i];
      double cosine = norm == 0 || nb == 0 ? 0 : Vectors.dot(queryVector, anchors.vectors()[i]) / (norm * nb);
      best = Math.max(best, cosine);
    }
    return best;
  }

  /** The reference prompts of {@code script} as {@code embedder} reads them as queries, embedded once per process. */
  static float[][] queryVectors(Embedder embedder, Script script) {
    return anchors(embedder, script).vectors();
  }

  private static Anchors anchors(Embedder embedder, Script script) {
    return (script == Script.CJK ? CJK_VECTORS : LATIN_VECTORS).computeIfAbsent(embedder,
        e -> Anchors.of(embedQueries(e, texts(script))));
  }

  /** The reference prompts of {@code script}, in the order of the other script's (the same prompts, translated). */
  static List<String> texts(Script script) {
    return script == Script.CJK ? CJK : LATIN;
  }

  private static float[][] embedQueries(Embedder e, List<String> texts) {
    return e.embedFixed(texts, true).toArray(float[][]::new);
  }
}
