package io.engram.transcript;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Something the person asked of the agent, bound to the question it answers when it is a short answer ("yes",
 * "c", "2", "let's go with B") to what the agent had just asked: alone, "yes" says nothing of the task.
 *
 * <p>The requests of a conversation are its typed messages ({@link TranscriptMessage#isHumanInput}): prompts, and
 * slash commands that ask something (expanding to a prompt, or with arguments and not run by the harness itself; a
 * bare {@code /mcp} or {@code /clear}, or {@code /model default} that printed its output, asks nothing). {@code /compact}, typed or queued, asks for the compaction itself, its arguments being
 * instructions for the summary: it is no request of the work. A prompt answers the agent when it is short (at most three words, or at most {@value
 * #SHORT_WORDS} opening with an answer: "yes", "ok", "let's", a letter or a number) and is not itself a question,
 * and the agent's last text before it picked out options or ended asking: it is bound to the option it picks,
 * else to the question in the text's last two sentences.
 *
 * @param index the message's index in the list it was read from
 * @param text what the person typed, word for word ({@code /name args} for a slash command)
 * @param answers the question or option it answers, when it is a short answer
 */
public record UserRequest(int index, String text, Optional<String> answers) {
  // A short answer ("yes", "ok, go ahead", "2") fits in a few words and a line; a longer message is a request.
  private static final int SHORT_WORDS = 8;
  // And in a line's length (see SHORT_WORDS).
  private static final int SHORT_CHARS = 80;
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|\\n+");
  private static final Pattern OPTION = Pattern.compile(
      "^\\s*(?:[-*]\\s*)?(?:\\*\\*)?(?:option\\s+)?\\(?([A-Za-z]|\\d{1,2})[.):](?:\\*\\*)?\\s+(.+)$",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern PICK = Pattern.compile(
      "(?i)^(?:(?:let'?s|lets|go|go with|do|i think|option|yes,?|ok,?|okay,?)\\s+)*"
          + "\\(?([A-Za-z]|\\d{1,2})\\)?(?:[.)!,]|\\s|$)");
  private static final Pattern ANSWER = Pattern.compile("(?i)^(?:yes|yeah|yep|yup|no|nope|nah|ok|okay|sure|go|"
      + "do it|please|correct|right|exactly|agreed|fine|sounds good|let'?s|option|[A-Za-z0-9][.):]"
      + "|\\(?[A-Za-z0-9]\\))\\b");
  private static final Pattern COMMAND_ARGS = Pattern.compile("(?s)<command-args>(.*?)</command-args>");
  private static final Pattern COMMAND_NAME = Pattern.compile("<command-name>([^<]*)</command-name>");
  // Typed while the agent was busy, the command comes as a queued prompt: "/compact" or "/compact focus on X".
  private static final Pattern COMPACT = Pattern.compile("(?s)/compact(?:\\s.*)?");

  public UserRequest {
    answers = answers == null ? Optional.empty() : answers;
  }

  /** The request as a summary states it: the words, and for an answer what it answers. */
  public String stated() {
    return answers.map(q -> text + " (answering: " + q + ")").orElse(text);
  }

  /** The requests of {@code messages}, in order. */
  public static List<UserRequest> of(List<TranscriptMessage> messages) {
    List<UserRequest> out = new ArrayList<>();
    int asked = -1;
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      if (m.kind() == MessageKind.ASSISTANT && !m.text().isBlank()) {
        asked = i;
      }
      if (!m.isHumanInput()) {
        continue;
      }
      String text = text(messages, i);
      if (text.isEmpty()) {
        continue;
      }
      Optional<String> answers = asked >= 0 && isShort(text) && m.kind() == MessageKind.PROMPT
          ? question(messages.get(asked).text(), text) : Optional.empty();
      out.add(new UserRequest(i, text, answers));
      asked = -1;
    }
    return List.copyOf(out);
  }

  /**
   * What message {@code i} asks, word for word: the typed text of a prompt; a slash command as {@code /name args},
   * or {@code /name} when it expands to a prompt; "" when it asks nothing.
   */
  static String text(List<TranscriptMessage> messages, int i) {
    TranscriptMessage m = messages.get(i);
    String text = m.typedText().strip();
    if (m.kind() != MessageKind.SLASH_COMMAND) {
      return COMPACT.matcher(text).matches() ? "" : text;
    }
    Matcher name = COMMAND_NAME.matcher(text);
    if (!name.find()) {
      return text;
    }
    Matcher args = COMMAND_ARGS.matcher(text);
    String a = args.find() ? args.group(1).strip() : "";
    String command = name.group(1).strip();
    if (command.equals("/compact")) {
      return "";
    }
    MessageKind next = i + 1 < messages.size() ? messages.get(i + 1).kind() : MessageKind.UNKNOWN;
    // A command the harness ran itself ("/model default", "/add-dir ../lib") printed its output: it set something
    // up and asked the agent nothing.
    if (!a.isEmpty() && next != MessageKind.COMMAND_OUTPUT) {
      return command + " " + a;
    }
    return next == MessageKind.COMMAND_EXPANSION ? command : "";
  }

  // An answer is short, is not itself a question, and is either a few words or opens with a word that answers.
  private static boolean isShort(String text) {
    String t = text.strip();
    int words = t.split("\\s+").length;
    return t.length() <= SHORT_CHARS && words <= SHORT_WORDS && !t.contains("\n") && !t.endsWith("?")
        && (words <= 3 || ANSWER.matcher(t).find());
  }

  // The option the answer picks, else the last sentence that asks; empty when the agent asked nothing.
  private static Optional<String> question(String said, String answer) {
    List<String> options = new ArrayList<>();
    List<String> letters = new ArrayList<>();
    for (String line : said.split("\\R")) {
      Matcher o = OPTION.matcher(line);
      if (o.matches()) {
        letters.add(o.group(1).toLowerCase(Locale.ROOT));
        options.add(line.strip());
      }
    }
    Matcher pick = PICK.matcher(answer.strip());
    if (options.size() >= 2 && pick.find()) {
      int at = letters.indexOf(pick.group(1).toLowerCase(Locale.ROOT));
      if (at >= 0) {
        return Optional.of(options.get(at).replace("**", ""));
      }
    }
    String[] sentences = SENTENCE.split(said.strip());
    for (int s = sentences.length - 1; s >= Math.max(0, sentences.length - 2); s--) {
      String t = sentences[s].strip().replace("**", "");
      if (t.endsWith("?") && t.length() >= 8) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }
}
