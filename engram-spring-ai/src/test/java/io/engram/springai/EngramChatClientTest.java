package io.engram.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.engram.config.EngramSettings;
import io.engram.examples.scripted.ChatRequests;
import io.engram.examples.scripted.ScriptedOpenAiServer;
import io.engram.examples.scripted.ScriptedReply;
import io.engram.hosted.HostedMemory;
import io.engram.model.CostGovernor;
import io.engram.model.ModelException;
import io.engram.model.ModelRouter;
import io.engram.testing.ScriptedModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.PromptTemplate;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A Spring Boot application as a user writes it: Spring AI's auto-configured OpenAI model and {@code ChatClient}
 * beside Engram's auto-configuration, over real HTTP to a scripted local server.
 */
class EngramChatClientTest {
  private static final String TOKEN = "ghp_R8x2kLm9Qw7Zt4Vb6Np1Hs3Jd5Fg0Ac2Ye8U";

  /** The application: everything comes from auto-configuration. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {}

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
  private final List<ConfigurableApplicationContext> started = new ArrayList<>();

  @BeforeEach
  void startServer() throws IOException {
    server = ScriptedOpenAiServer.start();
  }

  @AfterEach
  void stop() {
    started.forEach(ConfigurableApplicationContext::close);
    server.close();
  }

  private ConfigurableApplicationContext start(List<Class<?>> configurations, String... properties) {
    List<Class<?>> sources = new ArrayList<>(List.of(Application.class));
    sources.addAll(configurations);
    ConfigurableApplicationContext context = new SpringApplicationBuilder(sources.toArray(Class<?>[]::new))
        .web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF).logStartupInfo(false)
        .properties("spring.ai.openai.base-url=" + server.baseUrl(), "spring.ai.openai.api-key=not-a-real-key",
            "spring.ai.model.embedding=none", "spring.ai.model.image=none", "spring.ai.model.moderation=none",
            "spring.ai.model.audio.speech=none", "spring.ai.model.audio.transcription=none",
            "engram.home=" + home, "engram.project=" + project)
        .properties(properties)
        .run();
    started.add(context);
    return context;
  }

  private ConfigurableApplicationContext start(String... properties) {
    return start(List.of(), properties);
  }

  /** The chat client a user builds: Spring AI's chat memory advisor over the chat memory bean, then Engram's. */
  private static ChatClient client(ConfigurableApplicationContext context, Object... tools) {
    ChatClient.Builder builder = context.getBean(ChatClient.Builder.class).defaultAdvisors(
        MessageChatMemoryAdvisor.builder(context.getBean(ChatMemory.class)).build(),
        context.getBean(EngramAdvisor.class));
    if (tools.length > 0) {
      builder.defaultTools(tools);
    }
    return builder.build();
  }

  private static String ask(ChatClient client, String conversation, String message) {
    return client.prompt().user(message).advisors(a -> a.param(ChatMemory.CONVERSATION_ID, conversation))
        .call().content();
  }

  /** How many times the memory called {@code name} is in the request {@code index}, in any of its messages. */
  private int timesSent(int index, String name) {
    StringBuilder sent = new StringBuilder();
    server.requests().get(index).path("messages").forEach(m -> sent.append(ChatRequests.text(m)).append('\n'));
    return sent.toString().split(Pattern.quote("## " + name + " ("), -1).length - 1;
  }

  private static HostedMemory memory(ConfigurableApplicationContext context) {
    return context.getBean(HostedMemory.class);
  }

  @Test
  void aFactToldInOneConversationIsRecalledInTheNext() throws Exception {
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    ConfigurableApplicationContext context = start();
    ChatClient client = client(context);

    ask(client, "monday", "Remember that we deploy with ./deploy.sh --canary, never with kubectl apply.");
    assertThat(memory(context).awaitLearning(Duration.ofSeconds(30))).isTrue();
    assertThat(memory(context).store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(body -> assertThat(body).contains("./deploy.sh --canary"));

    ask(client, "tuesday", "How do we deploy the service with deploy.sh?");
    String prompt = ChatRequests.lastOf(server.requests().get(1), "user");
    assertThat(prompt).contains("How do we deploy the service").contains("./deploy.sh --canary");
    List<Message> kept = context.getBean(ChatMemory.class).get("tuesday");
    assertThat(kept.get(0).getText()).isEqualTo("How do we deploy the service with deploy.sh?");
  }

  @Test
  void aRecalledMemoryTheConversationDoesNotKeepIsSentAgainOnEachTurnThatNeedsIt() throws IOException {
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    ConfigurableApplicationContext context = start("engram.learn=false");
    memory(context).remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary.");
    ChatClient client = client(context);

    ask(client, "c", "How do we deploy the service?");
    ask(client, "c", "And how do we deploy on a Friday?");
    ask(client, "c", "And how do we deploy a hotfix?");

    for (int turn = 0; turn < 3; turn++) {
      assertThat(timesSent(turn, "deploy")).as("turn %d", turn).isEqualTo(1);
      assertThat(ChatRequests.lastOf(server.requests().get(turn), "user")).as("turn %d", turn)
          .contains("## deploy (project)");
    }
  }

  @Test
  void whenTheMemoryCannotBeReadTheChatClientAnswersWithoutIt() throws IOException {
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    ConfigurableApplicationContext context = start("engram.learn=false");
    memory(context).remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary.");
    Path memories = memory(context).store().location().projectDir();
    try (Stream<Path> files = Files.walk(memories)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
    Files.writeString(memories, "a file where the memory directory was");

    String answer = ask(client(context), "c", "How do we deploy the service?");

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
    ConfigurableApplicationContext context = start("engram.learn=false");
    ChatClient client = client(context, context.getBean(EngramMemoryTools.class));

    ask(client, "c", "Keep in mind how we run tests.");
    assertThat(memory(context).store().read("test command")).map(s -> s.memory().body())
        .hasValueSatisfying(b -> assertThat(b).contains("./mvnw verify"));

    ask(client, "c", "Save a diary entry.");
    assertThat(server.requests().get(3).toString()).contains("Not saved: type must be one of");

    ask(client, "c", "Forget the test command.");
    assertThat(memory(context).store().read("test command")).isEmpty();
  }

  @Test
  void aLongConversationIsCompactedWithItsUserMessagesKept() {
    server.otherwise(request -> Optional.of(ScriptedReply.text(
        "I looked at it and changed the parser accordingly; the tests pass now. " + "Details follow. ".repeat(60))));
    ConfigurableApplicationContext context = start("engram.window-tokens=1000", "engram.learn=false");
    ChatClient client = client(context);
    List<String> asked = List.of(
        "Please make the CSV parser accept quoted fields with embedded commas.",
        "Also handle a trailing newline at the end of the file without an empty row.",
        "Now add a test for a header row that has a BOM in front of it.",
        "Then rename parseLine to parseRecord everywhere, including the docs.",
        "Finally check that the benchmark still runs under a second.");
    for (String message : asked) {
      ask(client, "long", message);
    }

    EngramChatMemory chatMemory = context.getBean(EngramChatMemory.class);
    assertThat(chatMemory.lastCompaction()).isPresent();
    List<Message> kept = chatMemory.get("long");
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
  void aSecretInAToolAnswerNeverReachesTheStore() throws Exception {
    server.thenReply(ScriptedReply.toolCall("deployToken", "{}"),
        ScriptedReply.text("The staging deploy token is " + TOKEN + "; remember it expires in May."));
    ConfigurableApplicationContext context = start();
    ChatClient client = client(context, new DeployTools());

    ask(client, "ops", "Remember that staging deploys need the deploy token; look it up.");
    assertThat(memory(context).awaitLearning(Duration.ofSeconds(30))).isTrue();

    assertThat(server.everythingSent()).contains(TOKEN);
    try (Stream<Path> files = Files.walk(home)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertThat(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).as("%s", file).doesNotContain(TOKEN);
      }
    }
    assertThat(memory(context).conversations().read("ops"))
        .hasValueSatisfying(json -> assertThat(json).contains("[REDACTED"));
    assertThat(memory(context).store().list().memories()).isNotEmpty();
  }

  /** The application's own advisor: Engram's, with a prompt template of its own. */
  @Configuration
  static class OwnTemplate {
    @Bean
    EngramAdvisor engramAdvisor(HostedMemory memory) {
      return EngramAdvisor.builder(memory).learn(false)
          .promptTemplate(new PromptTemplate("Notes you kept:\n{memories}\n\nThe question: {query}")).build();
    }
  }

  @Test
  void anAdvisorBuiltWithAPromptTemplateAddsTheMemoriesItsWay() throws IOException {
    server.otherwise(request -> Optional.of(ScriptedReply.text("Understood.")));
    ConfigurableApplicationContext context = start(List.of(OwnTemplate.class));
    memory(context).remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary.");

    ask(client(context), "c", "How do we deploy the service?");

    assertThat(ChatRequests.lastOf(server.requests().get(0), "user"))
        .startsWith("Notes you kept:\n## deploy (project)\n").endsWith("The question: How do we deploy the service?");
  }

  /** Engram's memory as the properties place it, with {@code model} for extraction; it fails, so the rules answer. */
  private static HostedMemory extractingWith(ScriptedModel model, EngramProperties properties) throws IOException {
    model.failsWhen(request -> true, new ModelException(ModelException.Kind.SERVER, "scripted failure"));
    return properties.memoryBuilder().router(ModelRouter.of(model,
        new CostGovernor(properties.home(), EngramSettings.DEFAULTS.governor()), "test")).build();
  }

  /** Engram's memory with an extraction model that records what it is sent. */
  @Configuration
  static class RecordedExtraction {
    static final ScriptedModel MODEL = new ScriptedModel();

    @Bean
    HostedMemory engramMemory(EngramProperties properties) throws IOException {
      return extractingWith(MODEL, properties);
    }
  }

  /** Engram's memory with an extraction model that holds each call until the test releases it. */
  @Configuration
  static class HeldExtraction {
    static final CountDownLatch RELEASE = new CountDownLatch(1);
    static final ScriptedModel MODEL = new ScriptedModel().holdsUntil(RELEASE);

    @Bean
    HostedMemory engramMemory(EngramProperties properties) throws IOException {
      return extractingWith(MODEL, properties);
    }
  }

  @Test
  void theAnswerComesBackWhileTheExtractionModelIsStillWorkingOnTheExchange() throws Exception {
    server.otherwise(request -> Optional.of(ScriptedReply.text("Noted: ./deploy.sh --canary.")));
    ConfigurableApplicationContext context = start(List.of(HeldExtraction.class));
    ChatClient client = client(context);

    String answer = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> ask(client, "c", "Remember that we deploy with ./deploy.sh --canary."));
    assertThat(answer).contains("./deploy.sh --canary");
    assertThat(memory(context).awaitLearning(Duration.ofMillis(200))).as("the exchange is still being learnt from")
        .isFalse();
    HeldExtraction.RELEASE.countDown();
    assertThat(memory(context).awaitLearning(Duration.ofSeconds(30))).isTrue();
    assertThat(HeldExtraction.MODEL.sentText()).as("the extraction model was asked about the exchange")
        .contains("./deploy.sh --canary");
  }

  @Test
  void aStreamedAnswerIsLearntFromWholeNotFromItsLastChunk() throws Exception {
    String answer = "We deploy with ./deploy.sh --canary from the release branch, after the smoke tests pass.";
    server.otherwise(request -> Optional.of(ScriptedReply.text(answer)));
    ConfigurableApplicationContext context = start(List.of(RecordedExtraction.class));
    ChatClient client = client(context);

    String streamed = String.join("", client.prompt().user("How do we deploy the service?")
        .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "s")).stream().content().collectList().block());
    assertThat(memory(context).awaitLearning(Duration.ofSeconds(30))).isTrue();

    assertThat(server.requests().get(0).path("stream").asBoolean()).isTrue();
    assertThat(streamed).isEqualTo(answer);
    assertThat(RecordedExtraction.MODEL.sentText()).contains(answer);
    assertThat(context.getBean(ChatMemory.class).get("s")).extracting(Message::getText).contains(answer);
  }
}
