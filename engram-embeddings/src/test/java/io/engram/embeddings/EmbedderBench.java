package io.engram.embeddings;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.engram.recall.Vectors;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Old (LangChain4j + DJL's Rust tokenizer) against new ({@link OnnxBertEmbedder} + {@link WordPieceTokenizer})
 * in the same run. Load time: a fresh JVM per load, old and new alternating. Speed: both loaded in one JVM,
 * short rounds alternating which side goes first, medians reported, so that the load of a shared machine
 * falls on both sides alike. Also the smallest cosine between old and new vectors over the texts.
 *
 * <p>Run: {@code ./mvnw -q -B -pl engram-core,engram-embeddings test-compile dependency:build-classpath
 * -Dmdep.includeScope=test -Dmdep.outputFile=target/test.classpath}, then {@code java -cp
 * engram-embeddings/target/test-classes:engram-embeddings/target/classes:$(cat
 * engram-embeddings/target/test.classpath) io.engram.embeddings.EmbedderBench [loads] [rounds]}.
 */
public final class EmbedderBench {
  private static final int TEXTS = 200;
  private static final int TEXTS_PER_ROUND = 25;

  private EmbedderBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && (args[0].equals("old") || args[0].equals("new"))) {
      long t0 = System.nanoTime();
      Side side = args[0].equals("new") ? newSide() : oldSide(false);
      side.embed("warm");
      System.out.println((System.nanoTime() - t0) / 1_000_000);
      return;
    }
    int loads = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
    double[][] loadMs = new double[2][loads];
    for (int i = 0; i < loads; i++) {
      loadMs[0][i] = child("old");
      loadMs[1][i] = child("new");
    }
    Side old = oldSide(true);
    Side now = newSide();
    List<String> texts = texts();
    double[][] tokenize = new double[2][rounds];
    double[][] embed = new double[2][rounds];
    double[][] embedAll = new double[2][rounds];
    for (int r = -2; r < rounds; r++) { // two rounds of warm-up
      List<String> slice = texts.subList((Math.max(r, 0) * TEXTS_PER_ROUND) % TEXTS,
          (Math.max(r, 0) * TEXTS_PER_ROUND) % TEXTS + TEXTS_PER_ROUND);
      Side[] order = r % 2 == 0 ? new Side[] {old, now} : new Side[] {now, old};
      for (Side side : order) {
        int i = side == old ? 0 : 1;
        double tok = rate(slice, 4, l -> l.forEach(side::tokenize));
        double one = rate(slice, 1, l -> l.forEach(side::embed));
        double all = rate(slice, 1, side::embedAll);
        if (r >= 0) {
          tokenize[i][r] = tok;
          embed[i][r] = one;
          embedAll[i][r] = all;
        }
      }
    }
    System.out.printf("%d texts of 40-160 words (most cut at 128 tokens), %d cores%n", TEXTS,
        Runtime.getRuntime().availableProcessors());
    System.out.println("medians            old      new   new/old");
    row("load + first, ms", loadMs);
    row("tokenize, texts/s", tokenize);
    row("embed, texts/s", embed);
    row("embedAll, texts/s", embedAll);
    double min = 1;
    for (String text : texts) {
      min = Math.min(min, Vectors.cosine(old.embed(text), now.embed(text)));
    }
    System.out.println("smallest cosine(new, old) over the texts: " + min);
  }

  private static void row(String what, double[][] values) {
    double o = median(values[0]);
    double n = median(values[1]);
    System.out.printf("%-17s %8.1f %8.1f %8.2fx  (old %s, new %s)%n", what, o, n, n / o, range(values[0]),
        range(values[1]));
  }

  private static String range(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return String.format("%.1f-%.1f", s[0], s[s.length - 1]);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static double rate(List<String> texts, int repeat, Consumer<List<String>> work) {
    long t0 = System.nanoTime();
    for (int i = 0; i < repeat; i++) {
      work.accept(texts);
    }
    return repeat * texts.size() / ((System.nanoTime() - t0) / 1e9);
  }

  private static double child(String side) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), EmbedderBench.class.getName(), side)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line = out.readLine();
      p.waitFor();
      return Double.parseDouble(line);
    }
  }

  private interface Side {
    void tokenize(String text);

    float[] embed(String text);

    void embedAll(List<String> texts);
  }

  private static Side newSide() {
    OnnxBertEmbedder e = OnnxBertEmbedder.load(BertModel.ALL_MINILM_L6_V2_Q);
    return new Side() {
      public void tokenize(String text) {
        e.tokenizer().encode(text);
      }

      public float[] embed(String text) {
        return e.embed(text);
      }

      public void embedAll(List<String> texts) {
        e.embedAll(texts);
      }
    };
  }

  /** LangChain4j's model; with {@code tokenizer}, also DJL's tokenizer on its own for the tokenizer rows. */
  private static Side oldSide(boolean tokenizer) {
    AllMiniLmL6V2QuantizedEmbeddingModel m = new AllMiniLmL6V2QuantizedEmbeddingModel();
    HuggingFaceTokenizer hf = tokenizer ? HuggingFaceReference.huggingFace(HuggingFaceReference.tokenizerJson()) : null;
    return new Side() {
      public void tokenize(String text) {
        hf.encode(text);
      }

      public float[] embed(String text) {
        return m.embed(text).content().vector();
      }

      public void embedAll(List<String> texts) {
        m.embedAll(texts.stream().map(TextSegment::from).toList());
      }
    };
  }

  /** Memory-sized texts (40 to 160 words) from a fixed seed: prose, code words and paths. */
  static List<String> texts() {
    String[] words = ("the a build test cache deploy server redis postgres index vector memory session hook "
        + "recall token model embedding jar maven gradle docker kubernetes config settings.json ~/.engram "
        + "src/main/java/io/engram/Recall.java don't can't it's user's Friday rotation on-call latency p95 "
        + "42 3.14 v1.2.3 #123 @alice café naïve 中文 😀 (see above) [note] {json} key=value a/b/c")
        .split(" ");
    Random random = new Random(13);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < TEXTS; i++) {
      StringBuilder text = new StringBuilder();
      int n = 40 + random.nextInt(121);
      for (int w = 0; w < n; w++) {
        text.append(words[random.nextInt(words.length)]).append(w % 12 == 11 ? ". " : " ");
      }
      texts.add(text.toString());
    }
    return texts;
  }
}
