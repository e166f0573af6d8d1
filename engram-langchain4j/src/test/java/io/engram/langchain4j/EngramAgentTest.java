package io.engram.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.TokenStream;
import io.engram.examples.scripted.ChatRequests;
import io.engram.examples.scripted.ScriptedOpenAiServer;
import io.engram.examples.scripted.ScriptedReply;
import io.engram.config.EngramSettings;
import io.engram.hosted.HostedMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.CostGovernor;
import io.engram.model.ModelException;
import io.engram.model.ModelRouter;
import io.engram.testing.ScriptedModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real {@code AiServices} agent over the real OpenAI client, talking to a scripted local server. */
class EngramAgentTest {
  /** The agent under test: one method, a conversation id and a user message. */
  interface Assistant {
    String chat(@MemoryId String conversation, @dev.langchain4j.service.UserMessage String message);
  }

  /** The agent, answering as a stream. */
  interface StreamingAssistant {
    TokenStream chat(@MemoryId String conversation, @dev.langchain4j.service.UserMessage String message);
  }

  /** A tool whose answer carries a secret, as a real tool's output may. */
  static final class DeployTools {
    @Tool("Look up the deploy token of the staging cluster")
    public String deployToken() {
      return "The staging deploy token is ghp_R8x2kLm9Qw7Zt4Vb6Np1Hs3Jd5Fg0Ac2Ye8U and it expires in May.";
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
    memory.close();
    server.close();
  }

  private AiServices<Assistant> agentBuilder(Object... tools) {
    var builder = AiServices.builder(Assistant.class)
        .chatModel(OpenAiChatModel.builder().baseUrl(server.baseUrl()).apiKey("not-a-real-key")
            .modelName("gpt-4o-mini").build())
        .chatMemoryProvider(EngramChatMemory.builder(memory)::build)
        .contentRetriever(new EngramContentRetriever(memory));
    if (tools.length > 0) {
      builder.tools(tools);
    }
    return builder;
  }

  private Assistant agent(Object... tools) {
    return agentBuilder(tools).build();
  }

  /** How many times the memory called {@code name} is in the request {@code index}, in any of its messages. */
  private int timesSent(int index, String name) {
    StringBuilder sent = new StringBuilder();
    server.requests().get(index).path("messages").forEach(m -> sent.append(ChatRequests.text(m)).append('\n'));
    return sent.toString().split(java.util.regex.Pattern.quote("## " + name + " ("), -1).length - 1;
  }

  @Test
  void aFactToldInOneConversationIsRecalledInTheNext() throws Exception {
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    Assistant assistant = agent();

    assistant.chat("monday", "Remember that we deploy with ./deploy.sh --canary, never with kubectl apply.");
    assertThat(memory.awaitLearning(Duration.ofSeconds(30))).isTrue();
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(body -> assertThat(body).contains("./deploy.sh --canary"));

    assistant.chat("tuesday", "How do we deploy the service with deploy.sh?");
    String secondPrompt = ChatRequests.lastOf(server.requests().get(1), "user");
    assertThat(secondPrompt).contains("./deploy.sh --canary").contains("How do we deploy the service");
  }

  @Test
  void aRecalledMemoryStaysInTheConversationForEveryLaterTurnAndIsNotSentTwice() throws IOException {
    memory.remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary, never kubectl.");
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    Assistant assistant = agent();

    assistant.chat("c", "How do we deploy the service?");
    assistant.chat("c", "And how do we deploy on a Friday?");
    assistant.chat("c", "Thanks, that is all.");

    assertThat(timesSent(0, "deploy")).isEqualTo(1);
    assertThat(timesSent(1, "deploy")).isEqualTo(1);
    assertThat(timesSent(2, "deploy")).isEqualTo(1);
    assertThat(ChatRequests.lastOf(server.requests().get(1), "user")).doesNotContain("## deploy (");
  }

  @Test
  void aRecalledMemoryTheConversationDoesNotKeepComesBackWhenItIsRelevantAgain() throws IOException {
    memory.remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary, never kubectl.");
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    Assistant assistant = agentBuilder().storeRetrievedContentInChatMemory(false).build();

    assistant.chat("c", "How do we deploy the service?");
    assistant.chat("c", "And how do we deploy on a Friday?");

    assertThat(timesSent(0, "deploy")).isEqualTo(1);
    assertThat(timesSent(1, "deploy")).isEqualTo(1);
    assertThat(ChatRequests.lastOf(server.requests().get(1), "user")).contains("## deploy (project)");
  }

  @Test
  void theAnswerComesBackWhileTheExtractionModelIsStillWorkingOnTheExchange() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ScriptedModel extraction = new ScriptedModel().holdsUntil(release)
        .failsWhen(request -> true, new ModelException(ModelException.Kind.SERVER, "scripted failure"));
    memory.close();
    memory = HostedMemory.builder(home, project).router(ModelRouter.of(extraction,
        new CostGovernor(home, EngramSettings.DEFAULTS.governor()), "test")).build();
    server.otherwise(request -> Optional.of(ScriptedReply.text("Noted: ./deploy.sh --canary.")));
    Assistant assistant = agent();

    String answer = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> assistant.chat("c", "Remember that we deploy with ./deploy.sh --canary."));
    assertThat(answer).contains("./deploy.sh --canary");
    assertThat(memory.awaitLearning(Duration.ofMillis(200))).as("the exchange is still being learnt from").isFalse();
    release.countDown();
    assertThat(memory.awaitLearning(Duration.ofSeconds(30))).isTrue();
    assertThat(extraction.sentText()).as("the extraction model was asked about the exchange")
        .contains("./deploy.sh --canary");
  }

  @Test
  void aStreamedAnswerIsKeptWholeAndTheExchangeLearntFrom() throws Exception {
    String answer = "We deploy with ./deploy.sh --canary from the release branch, after the smoke tests pass.";
    server.otherwise(request -> Optional.of(ScriptedReply.text(answer)));
    StreamingAssistant assistant = AiServices.builder(StreamingAssistant.class)
        .streamingChatModel(OpenAiStreamingChatModel.builder().baseUrl(server.baseUrl()).apiKey("not-a-real-key")
            .modelName("gpt-4o-mini").build())
        .chatMemoryProvider(EngramChatMemory.builder(memory)::build)
        .contentRetriever(new EngramContentRetriever(memory))
        .build();
    CompletableFuture<ChatResponse> done = new CompletableFuture<>();
    List<String> pieces = new CopyOnWriteArrayList<>();

    assistant.chat("s", "Remember that we deploy with ./deploy.sh --canary, never with kubectl apply.")
        .onPartialResponse(pieces::add).onCompleteResponse(done::complete).onError(done::completeExceptionally)
        .start();
    done.get(30, TimeUnit.SECONDS);
    assertThat(memory.awaitLearning(Duration.ofSeconds(30))).isTrue();

    assertThat(server.requests().get(0).path("stream").asBoolean()).isTrue();
    assertThat(pieces).hasSizeGreaterThan(1);
    List<ChatMessage> kept = EngramChatMemory.builder(memory).build("s").messages();
    assertThat(((AiMessage) kept.get(kept.size() - 1)).text()).isEqualTo(answer);
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(body -> assertThat(body).contains("./deploy.sh --canary"));
  }

  @Test
  void aRecalledMemoryACompactionSummarisedAwayComesBackWhenItIsRelevantAgain() throws IOException {
    memory.remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary, never kubectl.");
    server.otherwise(request -> Optional.of(ScriptedReply.text(
        "I looked at it and changed the parser accordingly; the tests pass now. " + "Details follow. ".repeat(60))));
    Assistant assistant = AiServices.builder(Assistant.class)
        .chatModel(OpenAiChatModel.builder().baseUrl(server.baseUrl()).apiKey("k").modelName("gpt-4o-mini").build())
        .chatMemoryProvider(EngramChatMemory.builder(memory).windowTokens(1_000).learn(false)::build)
        .contentRetriever(new EngramContentRetriever(memory))
        .build();

    assistant.chat("c", "How do we deploy the service?");
    List<String> work = List.of("Make the CSV parser accept quoted fields.", "Handle a trailing newline too.",
        "Add a test for a header row with a BOM.", "Rename parseLine to parseRecord everywhere.");
    for (String message : work) {
      assistant.chat("c", message);
    }
    assistant.chat("c", "Remind me, how do we deploy the service?");

    int last = server.requests().size() - 1;
    assertThat(server.everythingSent()).contains("This conversation is being continued");
    assertThat(ChatRequests.text(server.requests().get(last).path("messages").get(0)))
        .startsWith("This conversation is being continued").doesNotContain("## deploy (");
    assertThat(timesSent(last, "deploy")).isEqualTo(1);
    assertThat(ChatRequests.lastOf(server.requests().get(last), "user")).contains("## deploy (project)");
  }

  @Test
  void whenTheMemoryCannotBeReadTheAgentAnswersWithoutIt() throws IOException {
    memory.remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary, never kubectl.");
    Path memories = memory.store().location().projectDir();
    try (Stream<Path> files = Files.walk(memories)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
    Files.writeString(memories, "a file where the memory directory was");
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));

    String answer = agent().chat("c", "How do we deploy the service?");

    assertThat(answer).isEqualTo("Understood.");
    assertThat(ChatRequests.lastOf(server.requests().get(0), "user")).isEqualTo("How do we deploy the service?");
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
    Assistant assistant = agent(new EngramMemoryTools(memory));

    assistant.chat("c", "Keep in mind how we run tests.");
    assertThat(memory.store().read("test command")).map(s -> s.memory().body())
        .hasValueSatisfying(b -> assertThat(b).contains("./mvnw verify"));

    assistant.chat("c", "Save a diary entry.");
    String refusal = toolAnswers(server.requests().get(3));
    assertThat(refusal).contains("Not saved: type must be one of");

    assistant.chat("c", "Forget the test command.");
    assertThat(memory.store().read("test command")).isEmpty();
  }

  @Test
  void aLongConversationIsCompactedWithItsUserMessagesKept() {
    server.otherwise(request -> Optional.of(ScriptedReply.text(
        "I looked at it and changed the parser accordingly; the tests pass now. " + "Details follow. ".repeat(60))));
    EngramChatMemory chat = EngramChatMemory.builder(memory).id("long").windowTokens(1_000).learn(false).build();
    Assistant assistant = AiServices.builder(Assistant.class)
        .chatModel(OpenAiChatModel.builder().baseUrl(server.baseUrl()).apiKey("k").modelName("gpt-4o-mini").build())
        .chatMemoryProvider(id -> chat)
        .build();
    List<String> asked = List.of(
        "Please make the CSV parser accept quoted fields with embedded commas.",
        "Also handle a trailing newline at the end of the file without an empty row.",
        "Now add a test for a header row that has a BOM in front of it.",
        "Then rename parseLine to parseRecord everywhere, including the docs.",
        "Finally check that the benchmark still runs under a second.");
    for (String message : asked) {
      assistant.chat("long", message);
    }

    assertThat(chat.lastCompaction()).isPresent();
    List<ChatMessage> kept = chat.messages();
    String continuation = ((UserMessage) kept.get(0)).singleText();
    assertThat(continuation).startsWith("This conversation is being continued");
    for (String earlier : asked.subList(0, asked.size() - 1)) {
      if (!chat.messages().stream().anyMatch(m -> m instanceof UserMessage u && u.singleText().startsWith(earlier))) {
        assertThat(continuation).contains(earlier);
      }
    }
    assertThat(kept.get(kept.size() - 1)).isInstanceOf(AiMessage.class);
    assertThat(server.everythingSent()).contains("This conversation is being continued");
  }

  @Test
  void aSecretInAToolAnswerNeverReachesTheStore() throws Exception {
    server.thenReply(ScriptedReply.toolCall("deployToken", "{}"),
        ScriptedReply.text("Remember that the staging token expires in May."));
    Assistant assistant = agent(new DeployTools());

    assistant.chat("ops", "Remember that staging deploys need the deploy token; look it up.");
    assertThat(memory.awaitLearning(Duration.ofSeconds(30))).isTrue();

    assertThat(memory.conversations().read("ops")).hasValueSatisfying(json ->
        assertThat(json).contains("[REDACTED").doesNotContain("ghp_R8x2kLm9Qw7Zt4Vb6Np1Hs3Jd5Fg0Ac2Ye8U"));
    try (Stream<Path> files = Files.walk(home)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertThat(new String(Files.readAllBytes(file), StandardCharsets.UTF_8))
            .as("%s", file).doesNotContain("ghp_R8x2kLm9Qw7Zt4Vb6Np1Hs3Jd5Fg0Ac2Ye8U");
      }
    }
    assertThat(memory.store().list().memories()).extracting(StoredMemory::name).isNotEmpty();
  }

  private static String toolAnswers(com.fasterxml.jackson.databind.JsonNode request) {
    StringBuilder text = new StringBuilder();
    request.path("messages").forEach(m -> {
      if ("tool".equals(m.path("role").asText())) {
        text.append(ChatRequests.text(m)).append('\n');
      }
    });
    return text.toString();
  }
}
