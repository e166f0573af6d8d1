package io.engram.embeddings;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A JVM that loads the default model on a background thread, as the resident service does, and says {@link #INSIDE}
 * once that thread is inside ONNX Runtime's session creation: the moment an exit used to crash the JVM. Then it waits
 * for its parent's signal ({@code signal}), or ends the runtime and exits itself ({@code exit}), as a command's
 * {@code main} does.
 */
final class ModelLoadExitChild {
  /** The line that tells the parent the load is inside {@code OrtSession.createSession}. */
  static final String INSIDE = "inside createSession";

  private ModelLoadExitChild() {}

  public static void main(String[] args) throws InterruptedException {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    Thread load = new Thread(() -> OnnxBertEmbedder.load(BertModel.ALL_MINILM_L6_V2_Q), "engram-model-load");
    load.setDaemon(true);
    load.start();
    while (load.isAlive() && Arrays.stream(load.getStackTrace())
        .noneMatch(f -> f.getMethodName().equals("createSession") && f.getClassName().endsWith("OrtSession"))) {
      Thread.onSpinWait();
    }
    if (!load.isAlive()) {
      out.println("the load ended before it was seen inside createSession");
      System.exit(3);
    }
    out.println(INSIDE);
    if (args.length > 0 && args[0].equals("exit")) {
      OnnxRuntimeUse.process().end();
      System.exit(0);
    }
    Thread.sleep(60_000);
  }
}
