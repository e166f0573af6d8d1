package io.engram.embeddings;

import java.util.ArrayList;
import java.util.List;

/** Texts that exercise every branch of BERT tokenization, shared by the tokenizer and embedder tests. */
final class TokenizerCorpus {
  private TokenizerCorpus() {}

  static List<String> texts() {
    List<String> texts = new ArrayList<>(List.of(
        "The integration tests need a running Redis server.",
        "You have to start Redis before running the integration tests.",
        "Do not deploy on Fridays; the on-call rotation doesn't cover weekends.",
        "I'm sure it's fine -- they've said they'd \"check\" (maybe).",
        "public static void main(String[] args) { System.out.println(\"hi\"); }",
        "for (int i = 0; i < n; i++) { sum += a[i] * b[i]; } // O(n)",
        "def parse(path: str) -> dict[str, int]:\n    return {k: v for k, v in items if v >= 0}",
        "SELECT id, name FROM users WHERE email LIKE '%@example.com' ORDER BY created_at DESC;",
        "/home/alice/projects/engram/engram-cli/target/engram.jar",
        "C:\\Users\\Bob\\AppData\\Local\\Temp\\build-42.log",
        "https://example.com/a/b?c=d&e=f#frag",
        "git rebase -i HEAD~3 && ./mvnw -q -B verify",
        "camelCaseIdentifier snake_case_identifier SCREAMING_CASE kebab-case-name",
        "1234567890 3.14159 1e-9 0xDEADBEEF v2.3.1-rc.4",
        "!!!???...;;;:::,,,'''\"\"\"```~~~@@@###$$$%%%^^^&&&***((()))[[[]]]{{{}}}|||\\\\\\///<<<>>>===+++---___",
        "Café naïve résumé coöperate Ångström Zürich São Paulo façade élève",
        "ÀÉÎÕÜ àéîõü ÇçÑñ Œœ Ææ Øø ß ẞ İstanbul ΣΊΣΥΦΟΣ Ελληνικά Русский текст",
        "中文分词测试：我们明天去北京。日本語のテキストとカタカナ、한국어 문장입니다.",
        "emoji 😀🎉👍🏽 family 👨‍👩‍👧 flags 🇫🇷🇯🇵 heart ❤️ check ✔ star ★",
        "zero\u200Bwidth soft\u00ADhyphen bom\uFEFF nbsp\u00A0here ideographic\u3000space thin\u2009space",
        "tab\tnewline\ncarriage\rreturn\u000Bvtab\u000Cff\u0085nel\u2028ls\u2029ps",
        "control\u0000\u0001\u0007\u001B\u007F chars and replacement \uFFFD char",
        "special tokens [CLS] [SEP] [MASK] [PAD] [UNK] inline, and [cls] lower-case, [SEP][SEP]x[UNK]y",
        "fullwidth ＡＢＣ１２３ ligature ﬁ roman Ⅻ superscript ² fraction ½ circled ① math 𝐀𝐁𝐂",
        "supercalifragilisticexpialidocious pneumonoultramicroscopicsilicovolcanoconiosis",
        "a".repeat(100),
        "b".repeat(101),
        "x".repeat(99) + "é",
        "é".repeat(101),
        "antidisestablishmentarianism".repeat(5),
        "",
        " ",
        "   \t\n  \r\n  ",
        "\u0000\u0001",
        "Hello",
        "hello",
        "HELLO"));
    StringBuilder prose = new StringBuilder();
    for (int i = 0; prose.length() < 4000; i++) {
      prose.append("Sentence ").append(i).append(" explains why the cache is invalidated, doesn't it? ");
    }
    texts.add(prose.toString());
    texts.add("token ".repeat(700));
    return texts;
  }
}
