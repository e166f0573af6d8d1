package io.engram.examples.springai;

import io.engram.examples.scripted.RememberingResponder;
import io.engram.examples.scripted.ScriptedOpenAiServer;
import io.engram.hosted.HostedMemory;
import io.engram.springai.EngramAdvisor;
import io.engram.springai.EngramMemoryTools;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application whose {@code ChatClient} remembers across conversations with Engram, configured
 * by Engram's auto-configuration ({@code engram.home}, {@code engram.project}): on Monday the user says how
 * the team deploys; on Tuesday, in a new conversation, Engram recalls it.
 *
 * <p>With {@code OPENAI_BASE_URL} and {@code OPENAI_API_KEY} set it talks to that model; otherwise it starts
 * the scripted local server, so it runs offline.
 */
@SpringBootApplication
public class RememberingChatApplication {

  /**
   * Starts the application; Spring Boot's usual arguments ({@code --engram.home=DIR}) apply. Without
   * {@code --engram.home} and {@code --engram.project}, the example keeps its memory in temporary folders,
   * so that trying it leaves the user's own memory alone.
   */
  public static void main(String[] args) throws IOException {
    List<String> all = new ArrayList<>(List.of(args));
    if (all.stream().noneMatch(a -> a.startsWith("--engram.home="))) {
      all.add("--engram.home=" + Files.createTempDirectory("engram-example-home"));
    }
    if (all.stream().noneMatch(a -> a.startsWith("--engram.project="))) {
      all.add("--engram.project=" + Files.createTempDirectory("engram-example-project"));
    }
    SpringApplication.run(RememberingChatApplication.class, all.toArray(String[]::new)).close();
  }

  /** The scripted local model, which runs only when no real model is configured. */
  @Bean(destroyMethod = "close")
  ScriptedOpenAiServer offlineModel() throws IOException {
    return ScriptedOpenAiServer.start().otherwise(new RememberingResponder());
  }

  /**
   * The chat client: Spring AI's chat memory advisor over the chat memory Engram configured (it compacts instead
   * of trimming), then Engram's advisor and tools.
   */
  @Bean
  ChatClient chatClient(ScriptedOpenAiServer offline, ChatMemory chatMemory, EngramAdvisor engram,
      EngramMemoryTools tools) {
    String baseUrl = Optional.ofNullable(System.getenv("OPENAI_BASE_URL")).orElse(offline.baseUrl());
    String apiKey = Optional.ofNullable(System.getenv("OPENAI_API_KEY")).orElse("offline");
    OpenAiChatModel model = OpenAiChatModel.builder()
        .options(OpenAiChatOptions.builder().baseUrl(baseUrl).apiKey(apiKey).model("gpt-4o-mini").build())
        .build();
    return ChatClient.builder(model)
        .defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build(), engram)
        .defaultTools(tools)
        .build();
  }

  /** The two conversations, printed. */
  @Bean
  CommandLineRunner story(ChatClient chat, HostedMemory memory) {
    return args -> tell(chat, memory, System.out);
  }

  static void tell(ChatClient chat, HostedMemory memory, PrintStream out) throws IOException, InterruptedException {
    say(out, chat, "monday", "Remember that we deploy with ./deploy.sh --canary, never with kubectl apply.");
    // Engram learns from each exchange on a background thread; the story waits for it before the next day.
    memory.awaitLearning(Duration.ofSeconds(30));
    out.println("Engram now holds:");
    memory.store().list().memories().forEach(m -> out.println("  - " + m.name() + ": " + m.memory().description()));
    say(out, chat, "tuesday", "How do we deploy the service?");
    out.println("Memory is kept under " + memory.store().location().projectDir());
  }

  private static void say(PrintStream out, ChatClient chat, String conversation, String message) {
    out.println("[" + conversation + "] user:  " + message);
    String answer = chat.prompt().user(message)
        .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, conversation)).call().content();
    out.println("[" + conversation + "] agent: " + answer);
  }
}
