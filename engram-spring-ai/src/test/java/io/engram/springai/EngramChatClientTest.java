package io.engram.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.examples.scripted.ChatRequests;
import io.engram.examples.scripted.ScriptedOpenAiServer;
import io.engram.examples.scripted.ScriptedReply;
import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.tool.annotation.Tool;

/** A real Spring AI {@code ChatClient} over the real OpenAI model client, talking to a scripted local server. */
class EngramChatClientTest {
  private static final String TOKEN = "ghp_R8x2kLm9Qw7Zt4Vb6Np1Hs3Jd5Fg0Ac2Ye8U";

  /** A tool whose answer carries a secret, as a real tool's output may. */
  static final class DeployTools {
    @Tool(description = "Look up the deploy token of the staging cluster")
    public String deployToken() {
      return "The staging deploy token is " + TOKEN + " and it expires in May.";
    }
  }

  @TempDir Path home;
  @TempDir Path project;
  private ScriptedOpenAiServer server;
  private HostedMemory memory;

  @BeforeEach
  void start() throws IOException {
    server = ScriptedOpenAiServer.start();
    memory = HostedMemory.builder(home, project).build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private ChatClient client(EngramChatMemoryRepository repository, Object... tools) {
    OpenAiChatModel model = OpenAiChatModel.builder().options(OpenAiChatOptions.builder()
        .baseUrl(server.baseUrl()).apiKey("not-a-real-key").model("gpt-4o-mini").build()).build();
    ChatMemory chatMemory = MessageWindowChatMemory.builder().chatMemoryRepository(repository)
        .maxMessages(10_000).build();
    ChatClient.Builder builder = ChatClient.builder(model).defaultAdvisors(
        MessageChatMemoryAdvisor.builder(chatMemory).build(), new EngramAdvisor(memory, true));
    if (tools.length > 0) {
      builder.defaultTools(tools);
    }
    return builder.build();
  }

  private static String ask(ChatClient client, String conversation, String message) {
    return client.prompt().user(message).advisors(a -> a.param(ChatMemory.CONVERSATION_ID, conversation))
        .call().content();
  }

  @Test
  void aFactToldInOneConversationIsRecalledInTheNext() throws IOException {
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    ChatClient client = client(new EngramChatMemoryRepository(memory, 200_000));

    ask(client, "monday", "Remember that we deploy with ./deploy.sh --canary, never with kubectl apply.");
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(body -> assertThat(body).contains("./deploy.sh --canary"));

    ask(client, "tuesday", "How do we deploy the service with deploy.sh?");
    String prompt = ChatRequests.lastOf(server.requests().get(1), "user");
    assertThat(prompt).contains("How do we deploy the service").contains("./deploy.sh --canary");
    List<Message> kept = new EngramChatMemoryRepository(memory, 200_000).findByConversationId("tuesday");
    assertThat(kept.get(0).getText()).isEqualTo("How do we deploy the service with deploy.sh?");
  }

  @Test
  void theModelRemembersAndForgetsThroughTheTools() throws IOException {
    server.thenReply(
        ScriptedReply.toolCall("remember", "{\"name\":\"test command\",\"type\":\"project\","
            + "\"description\":\"How to run the tests\",\"body\":\"Run ./mvnw verify; never gradle.\"}"),
        ScriptedReply.text("Saved."),
        ScriptedReply.toolCall("remember", "{\"name\":\"x\",\"type\":\"diary\",\"description\":\"d\",\"body\":\"b\"}"),
        ScriptedReply.text("I could not save that."),
        ScriptedReply.toolCall("forget", "{\"name\":\"test command\"}"),
        ScriptedReply.text("Forgotten."));
    ChatClient client = client(new EngramChatMemoryRepository(memory, 200_000), new EngramMemoryTools(memory));

    ask(client, "c", "Keep in mind how we run tests.");
    assertThat(memory.store().read("test command")).map(s -> s.memory().body())
        .hasValueSatisfying(b -> assertThat(b).contains("./mvnw verify"));

    ask(client, "c", "Save a diary entry.");
    assertThat(server.requests().get(3).toString()).contains("Not saved: type must be one of");

    ask(client, "c", "Forget the test command.");
    assertThat(memory.store().read("test command")).isEmpty();
  }

  @Test
  void aLongConversationIsCompactedWithItsUserMessagesKept() {
    server.otherwise(request -> Optional.of(ScriptedReply.text(
        "I looked at it and changed the parser accordingly; the tests pass now. " + "Details follow. ".repeat(60))));
    EngramChatMemoryRepository repository = new EngramChatMemoryRepository(memory, 1_000);
    ChatClient client = client(repository);
    List<String> asked = List.of(
        "Please make the CSV parser accept quoted fields with embedded commas.",
        "Also handle a trailing newline at the end of the file without an empty row.",
        "Now add a test for a header row that has a BOM in front of it.",
        "Then rename parseLine to parseRecord everywhere, including the docs.",
        "Finally check that the benchmark still runs under a second.");
    for (String message : asked) {
      ask(client, "long", message);
    }

    assertThat(repository.lastCompaction()).isPresent();
    List<Message> kept = repository.findByConversationId("long");
    String continuation = kept.get(0).getText();
    assertThat(continuation).startsWith("This conversation is being continued");
    for (String earlier : asked) {
      boolean verbatim = kept.stream().anyMatch(m -> m instanceof UserMessage && m.getText().equals(earlier));
      if (!verbatim) {
        assertThat(continuation).contains(earlier);
      }
    }
    assertThat(server.everythingSent()).contains("This conversation is being continued");
  }

  @Test
  void aSecretInAToolAnswerNeverReachesTheStore() throws IOException {
    server.thenReply(ScriptedReply.toolCall("deployToken", "{}"),
        ScriptedReply.text("The staging deploy token is " + TOKEN + "; remember it expires in May."));
    ChatClient client = client(new EngramChatMemoryRepository(memory, 200_000), new DeployTools());

    ask(client, "ops", "Remember that staging deploys need the deploy token; look it up.");

    assertThat(server.everythingSent()).contains(TOKEN);
    try (Stream<Path> files = Files.walk(home)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertThat(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).as("%s", file).doesNotContain(TOKEN);
      }
    }
    assertThat(memory.conversations().read("ops")).hasValueSatisfying(json -> assertThat(json).contains("[REDACTED"));
    assertThat(memory.store().list().memories()).isNotEmpty();
  }
}
