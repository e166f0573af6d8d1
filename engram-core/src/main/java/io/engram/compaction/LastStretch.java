package io.engram.compaction;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileOperation;
import io.engram.transcript.MessageKind;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.UserRequest;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The transcript's side of {@link Continuity}: the words of its last stretch and of the person's last request, each
 * weighed by how particular it is to the segment, and the names the segment holds.
 *
 * <p>The last stretch is about a page: the person's last request (its first quarter), the plan the agent stated after
 * it, the agent's last words since (half of it: where its words end is what it said last, so a long answer given
 * earlier in the stretch cannot stand in for them), what the person queued while it worked, and the last files it
 * changed since. A request longer than {@value #HANDED_OVER_CHARS} characters (a plan handed over, a pasted document
 * or log) counts there only by the words the agent has said again since, in its words or its calls: its opening holds
 * many words said once at the start of the work and never again (the plan's background, a log's timestamps), which
 * tell what was handed over, not what was being done at the cut. A person's own ask is shorter and counts whole, as a
 * summary quotes it. Pending Tasks still reads the request as it is. A request that fills a template the person's
 * other long messages fill too ({@link PromptTemplate}) is read by its own lines, and every request by what the person
 * said ({@link OwnWords}): not what they pasted, nor a platform's prompt.
 */
final class LastStretch {
  // The score's definition: the last stretch is about a page, a quarter of it the request, half the agent's words
  // since.
  static final int STRETCH_CHARS = 4_000;
  // A request longer than its share of the stretch is a document handed over more than a person's ask.
  static final int HANDED_OVER_CHARS = STRETCH_CHARS / 4;
  private static final Pattern NOT_IN_A_PATH = Pattern.compile("[^\\w./-]+");
  // A module's or a package's name part: what a language's dotted name can hold.
  private static final Pattern MODULE_PART = Pattern.compile("[A-Za-z_]\\w*");
  // A dotted name seldom spells more than the four folders above its file (io.engram.compaction.Continuity).
  private static final int MODULE_PARTS = 4;
  private static final Pattern REDACTION_MARKER = Pattern.compile("\\[REDACTED:[a-z0-9-]+\\]");

  private final Map<String, Integer> df = new HashMap<>();
  // Where the agent last said each word: the index of its last turn that holds it.
  private final Map<String, Integer> lastSaid = new HashMap<>();
  private final int turns;
  private final List<TranscriptMessage> messages;

  private LastStretch(List<TranscriptMessage> messages) {
    this.messages = messages;
    this.turns = documentFrequencies();
  }

  // The request by what the person said (OwnWords: their own lines, not what they pasted or a plug-in's prompt), and
  // of a prompt that fills a template (the same instructions before each stage's own) by its own lines; the template's
  // words, said in every prompt, would outweigh them.
  private String asked(UserRequest r) {
    return withoutSecrets(PromptTemplate.of(OwnWords.of(UserRequest.of(messages))).own(OwnWords.of(r)));
  }

  /** The stretch of {@code messages}, with the frequencies its words are weighed by. */
  static LastStretch of(List<TranscriptMessage> messages) {
    return new LastStretch(messages);
  }

  /** The words of the person's last request, weighed; empty when there was none. */
  Map<String, Double> request(LiveIntent intent) {
    return intent.request()
        .map(r -> weighed(Continuity.words(Excerpts.shorten(asked(r), STRETCH_CHARS / 4))))
        .orElse(Map.of());
  }

  /** The live words of the last stretch, weighed. */
  Map<String, Double> live(LiveIntent intent, List<FileActivity> files) {
    int from = intent.request().map(UserRequest::index).orElse(0);
    Map<String, Boolean> words = new LinkedHashMap<>();
    intent.request().ifPresent(r -> {
      String stated = asked(r);
      Map<String, Boolean> asked = Continuity.words(Excerpts.shorten(stated, STRETCH_CHARS / 4));
      // A request longer than its share of the stretch is a document handed over, not a person's ask.
      boolean document = stated.strip().length() > HANDED_OVER_CHARS
          && messages.subList(Math.min(from + 1, messages.size()), messages.size()).stream()
              .anyMatch(m -> m.kind() == MessageKind.ASSISTANT);
      asked.forEach((w, name) -> {
        if (!document || lastSaid.getOrDefault(w, -1) > from) {
          words.put(w, name);
        }
      });
    });
    StringBuilder stretch = new StringBuilder();
    intent.plan().ifPresent(p -> stretch.append(withoutSecrets(p)).append('\n'));
    StringBuilder said = new StringBuilder();
    for (int i = messages.size() - 1; i > from && said.length() < STRETCH_CHARS / 2; i--) {
      TranscriptMessage m = messages.get(i);
      if (m.kind() == MessageKind.ASSISTANT) {
        said.insert(0, m.text() + "\n");
      }
    }
    stretch.append(Excerpts.last(withoutSecrets(said.toString()), STRETCH_CHARS / 2)).append('\n');
    // What the person queued while the agent worked, which it gets right after the cut: still to do, though no
    // request yet (a summary written before it arrived is not asked to quote it as the task).
    if (!intent.queued().isEmpty()) {
      stretch.append(Excerpts.shorten(withoutSecrets(String.join("\n", intent.queued())), STRETCH_CHARS / 4))
          .append('\n');
    }
    // The files changed since the request: what the work made (the files only read may be shared with any other
    // session of the same project, and would lift another session's summary).
    // The last few of them, as the next step names them (LiveIntent's): a long list would outweigh every word said.
    files.stream().filter(f -> lastChange(f) > from)
        .sorted(java.util.Comparator.comparingInt(LastStretch::lastChange).reversed()).limit(LiveIntent.MAX_FILES)
        .forEach(f -> stretch.append(FileTypes.baseName(f.path())).append('\n'));
    Continuity.words(stretch.toString()).forEach(words::putIfAbsent);
    return weighed(words);
  }

  /**
   * The file names and identifiers anywhere in the messages: their text, tool calls and tool results, lower-cased. A
   * name is made of letters, digits, dots, underscores and hyphens only, and each kind has a dot, an underscore, a
   * hyphen or a capital letter: the pattern is tried on the runs of those characters that have one, once each, not on
   * the whole text (most of a session's output is plain words; a long run would cost the pattern its square).
   */
  Set<String> names() {
    Set<String> tried = new HashSet<>();
    Set<String> out = new HashSet<>();
    for (TranscriptMessage m : messages) {
      for (String path : NOT_IN_A_PATH.split(m.promptText())) {
        if (path.length() < 4 || !tried.add(path)) {
          continue;
        }
        if (path.indexOf('/') >= 0) {
          modules(path, out);
        }
        for (String token : path.split("/")) {
          if (token.length() >= 4 && mayHoldAName(token) && (token.equals(path) || tried.add(token))) {
            Matcher names = Continuity.NAME.matcher(token);
            while (names.find()) {
              if (names.group().length() >= 4) {
                out.add(names.group().toLowerCase(Locale.ROOT));
              }
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * The dotted names a path of a file is also called by: {@code datapipeline/run.py} is the module {@code
   * datapipeline.run} ({@code python -m datapipeline.run}), {@code io/engram/Main.java} the class {@code
   * engram.Main}; the last {@value #MODULE_PARTS} folders at most, the file's extension dropped.
   */
  private static void modules(String path, Set<String> out) {
    String[] parts = path.split("/");
    // A path of slashes alone ("/", as a call may name the root) has no part at all.
    if (parts.length == 0) {
      return;
    }
    String file = parts[parts.length - 1];
    int dot = file.lastIndexOf('.');
    if (dot <= 0 || !FileTypes.knownExtension(file.substring(dot + 1))) {
      return;
    }
    String name = file.substring(0, dot);
    for (int i = parts.length - 2; i >= Math.max(0, parts.length - 1 - MODULE_PARTS); i--) {
      if (!MODULE_PART.matcher(parts[i]).matches()) {
        return;
      }
      name = parts[i] + "." + name;
      out.add(name.toLowerCase(Locale.ROOT));
    }
  }

  private static boolean mayHoldAName(String token) {
    for (int i = 0; i < token.length(); i++) {
      char ch = token.charAt(i);
      if (ch == '.' || ch == '_' || ch == '-' || Character.isUpperCase(ch)) {
        return true;
      }
    }
    return false;
  }

  private static int lastChange(FileActivity f) {
    return f.touches().stream().filter(t -> t.operation() != FileOperation.READ).mapToInt(t -> t.messageIndex())
        .max().orElse(-1);
  }

  // In how many of the segment's turns (the person's and the agent's, with its tool inputs) each word occurs, and
  // where the agent said it last; the number of turns.
  private int documentFrequencies() {
    int count = 0;
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      if (m.kind() != MessageKind.ASSISTANT && !m.isHumanInput()) {
        continue;
      }
      count++;
      for (String w : Continuity.words(m.text() + " " + inputs(m)).keySet()) {
        df.merge(w, 1, Integer::sum);
        if (m.kind() == MessageKind.ASSISTANT) {
          lastSaid.put(w, i);
        }
      }
    }
    return count;
  }

  // Each word weighed by its inverse document frequency over the turns, a name double: a word of every turn weighs
  // next to nothing, one of a single turn the most.
  private Map<String, Double> weighed(Map<String, Boolean> words) {
    Map<String, Double> weights = new LinkedHashMap<>();
    for (Map.Entry<String, Boolean> e : words.entrySet()) {
      double idf = Math.log((turns + 1.0) / (df.getOrDefault(e.getKey(), 0) + 0.5));
      weights.put(e.getKey(), idf * (e.getValue() ? 2 : 1));
    }
    return weights;
  }

  /**
   * {@code text} redacted before it is cut or split into words, its markers dropped: the live words are printed as
   * what a summary missed ("ru-api-kl-40, ключ, api"), where a word alone no longer reads as the secret it was.
   */
  private static String withoutSecrets(String text) {
    return REDACTION_MARKER.matcher(io.engram.redact.SecretRedactor.standard().redact(text).text()).replaceAll(" ");
  }

  private static String inputs(TranscriptMessage m) {
    StringBuilder out = new StringBuilder();
    for (ContentBlock.ToolUse use : m.toolUses()) {
      for (String field : List.of("file_path", "command", "pattern", "description")) {
        out.append(' ').append(use.inputText(field));
      }
    }
    return out.toString();
  }
}
