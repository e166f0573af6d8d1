package io.engram.examples.langchain4j;

import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import io.engram.examples.scripted.RememberingResponder;
import io.engram.examples.scripted.ScriptedOpenAiServer;
import io.engram.hosted.HostedMemory;
import io.engram.langchain4j.EngramChatMemory;
import io.engram.langchain4j.EngramContentRetriever;
import io.engram.langchain4j.EngramMemoryTools;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A LangChain4j agent that remembers across conversations with Engram: on Monday the user says how the
 * team deploys; on Tuesday, in a new conversation, the agent is asked and Engram recalls it.
 *
 * <p>Run it with {@code java -cp ... io.engram.examples.langchain4j.RememberingAgent [HOME [PROJECT]]}. With
 * {@code OPENAI_BASE_URL} and {@code OPENAI_API_KEY} set it talks to that model; otherwise it starts the
 * scripted local server, so it runs offline.
 */
public final class RememberingAgent {
  /** The agent: one conversation id, one user message, one answer. */
  interface Assistant {
    String chat(@MemoryId String conversation, @UserMessage String message);
  }

  private RememberingAgent() {}

  /** Runs the two conversations; {@code args}: Engram's home and the project directory (both optional). */
  public static void main(String[] args) throws Exception {
    Path home = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("engram-example-home");
    Path project = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("engram-example-project");
    Optional<String> baseUrl = Optional.ofNullable(System.getenv("OPENAI_BASE_URL"));
    try (ScriptedOpenAiServer offline = ScriptedOpenAiServer.start()) {
      offline.otherwise(new RememberingResponder());
      run(home, project, baseUrl.orElse(offline.baseUrl()),
          Optional.ofNullable(System.getenv("OPENAI_API_KEY")).orElse("offline"), System.out);
    }
  }

  /** The example's story, printed to {@code out}. */
  static void run(Path home, Path project, String baseUrl, String apiKey, PrintStream out) throws Exception {
    try (HostedMemory memory = HostedMemory.builder(home, project).build()) {
      Assistant assistant = AiServices.builder(Assistant.class)
          .chatModel(OpenAiChatModel.builder().baseUrl(baseUrl).apiKey(apiKey).modelName("gpt-4o-mini").build())
          .chatMemoryProvider(EngramChatMemory.builder(memory)::build)
          .contentRetriever(new EngramContentRetriever(memory))
          .tools(new EngramMemoryTools(memory))
          .build();

      say(out, assistant, "monday", "Remember that we deploy with ./deploy.sh --canary, never with kubectl apply.");
      // Engram learns from each exchange on a background thread; the story waits for it before the next day.
      memory.awaitLearning(Duration.ofSeconds(30));
      out.println("Engram now holds:");
      memory.store().list().memories().forEach(m -> out.println("  - " + m.name() + ": " + m.memory().description()));
      say(out, assistant, "tuesday", "How do we deploy the service?");
      out.println("Memory is kept under " + memory.store().location().projectDir());
    }
  }

  private static void say(PrintStream out, Assistant assistant, String conversation, String message) {
    out.println("[" + conversation + "] user:  " + message);
    out.println("[" + conversation + "] agent: " + assistant.chat(conversation, message));
  }
}
