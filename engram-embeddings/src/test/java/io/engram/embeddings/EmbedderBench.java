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
import java.util.List;
import java.util.Random;

/**
 * Old (LangChain4j + DJL's Rust tokenizer) against new ({@link OnnxBertEmbedder} + {@link WordPieceTokenizer})
 * in the same run: model load time, tokenizer speed and embedding speed on the same texts, and how close
 * the vectors are. Each side runs in a fresh JVM per round, so neither profits from the other's warm-up.
 *
 * <p>Run: {@code ./mvnw -q -B -pl engram-core,engram-embeddings test-compile dependency:build-classpath
 * -Dmdep.includeScope=test -Dmdep.outputFile=target/test.classpath}, then {@code java -cp
 * engram-embeddings/target/test-classes:engram-embeddings/target/classes:$(cat
 * engram-embeddings/target/test.classpath) io.engram.embeddings.EmbedderBench [rounds]}.
 */
public final class EmbedderBench {
  private static final int TEXTS = 200;

  private EmbedderBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && (args[0].equals("old") || args[0].equals("new"))) {
      side(args[0].equals("new"));
      return;
    }
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    System.out.println("side  load ms  first ms  tokenize texts/s  embed texts/s  embedAll texts/s");
    for (int round = 0; round < rounds; round++) {
      for (String side : List.of("old", "new")) {
        System.out.println(side + "  " + child(side));
      }
    }
    System.out.println("cosine(new, old), minimum over the texts: " + minimumCosine());
  }

  private static String child(String side) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), EmbedderBench.class.getName(), side)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line = out.readLine();
      p.waitFor();
      return line;
    }
  }

  private static void side(boolean useNew) throws IOException {
    List<String> texts = texts();
    long t0 = System.nanoTime();
    Side s = useNew ? newSide() : oldSide();
    long t1 = System.nanoTime();
    s.embed(texts.get(0));
    long t2 = System.nanoTime();
    for (String text : texts) { // warm-up
      s.tokenize(text);
    }
    long t3 = System.nanoTime();
    for (int i = 0; i < 5; i++) {
      for (String text : texts) {
        s.tokenize(text);
      }
    }
    double tokenizePerSecond = 5.0 * texts.size() / ((System.nanoTime() - t3) / 1e9);
    long t4 = System.nanoTime();
    for (String text : texts) {
      s.embed(text);
    }
    double embedPerSecond = texts.size() / ((System.nanoTime() - t4) / 1e9);
    long t5 = System.nanoTime();
    s.embedAll(texts);
    double embedAllPerSecond = texts.size() / ((System.nanoTime() - t5) / 1e9);
    System.out.printf("%7.0f  %8.1f  %16.0f  %13.1f  %16.1f%n", (t1 - t0) / 1e6, (t2 - t1) / 1e6, tokenizePerSecond,
        embedPerSecond, embedAllPerSecond);
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

  private static Side oldSide() {
    AllMiniLmL6V2QuantizedEmbeddingModel m = new AllMiniLmL6V2QuantizedEmbeddingModel();
    HuggingFaceTokenizer tokenizer = HuggingFaceReference.huggingFace(HuggingFaceReference.tokenizerJson());
    return new Side() {
      public void tokenize(String text) {
        tokenizer.encode(text);
      }

      public float[] embed(String text) {
        return m.embed(text).content().vector();
      }

      public void embedAll(List<String> texts) {
        m.embedAll(texts.stream().map(TextSegment::from).toList());
      }
    };
  }

  private static double minimumCosine() throws IOException {
    Side old = oldSide();
    Side now = newSide();
    double min = 1;
    for (String text : texts()) {
      min = Math.min(min, Vectors.cosine(old.embed(text), now.embed(text)));
    }
    return min;
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
