package io.engram.extract;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * How Japanese, Korean and Vietnamese say a correction ({@link CorrectionLanguages}).
 *
 * <p>Japanese forbids with a negative request (〜ないでください, 〜ないように), a prohibitive ending after a verb's plain
 * form (使うな), "must not" (〜てはいけない, 〜ちゃだめ, 〜べきではない), "stop" or "refrain" (〜のをやめて, 控えて, 避けて), or
 * a rule's ending (〜しないこと, 禁止); it sets one thing against another with ではなく, 代わりに, and gives a cause with
 * から, ので, ため. Korean forbids with 〜지 마(세요), 〜(으)면 안 돼, 금지, and contrasts with 대신, 말고, 아니라; its cause
 * is 때문에, (으)니까, (으)므로. Vietnamese forbids with đừng, không được, không nên, cấm, tránh, and a person's
 * "I don't want" (tôi không muốn), contrasts with thay vì, chứ không, and gives a cause with vì, bởi vì, để.
 */
final class AsianMarkers {

  static final CorrectionLanguages.Markers JAPANESE = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("ja",
          Pattern.compile("(?<!なら)ないで(?=ください|下さい|くれ|ほしい|欲しい|ね|よ|[。、!！,.\\s]|$)"
              + "|ない(?:よう|様)に(?:お願い|気をつけ|注意)|(?:て|で)は(?:いけ|だめ|ダメ|駄目|なら)"
              + "|(?:ちゃ|じゃ)(?:だめ|ダメ|駄目|いけ)"
              // the prohibitive な after a verb's plain form, closing the sentence: 使うな, するな
              + "|(?<=[うくぐすつぬぶむる])な(?=よ?[。!！]|よ?$)"
              + "|ないこと(?=[。!！を]|$)|禁止|べき(?:では|じゃ)ない|べからず|(?:の|こと)[をは]?やめ|をやめ|控えて|避けて|避けること"
              + "|(?<!\\p{IsHan})決して|二度と"),
          Pattern.compile("ではなく|じゃなくて|じゃなく|でなく|代わりに|かわりに|より(?:も)?[^。、]{1,20}?(?:を使|にして|の方が)"),
          Pattern.compile("代わりに|を使って|を使う(?:ように|こと)|使用して|にして|て(?:ください|下さい|ほしい|欲しい)|ように(?:して|しろ)"
              + "|べき|必ず|常に|のみ|だけを?使|しろ|すること|(?:日本語|英語)で"),
          Pattern.compile("から(?=[、。,.!！]|です|だ|ね|よ|\\s|$)|ので|ため(?:に|だ|です|、)|なぜなら|だから|せいで"
              + "|と(?:壊れ|エラー|失敗|動かな|遅)|遅い|エラーになる|無意味|意味(?:が|は)ない|危険|理由"),
          Pattern.compile("(?:それ|これ|あれ|そこ|ここ)(?:を|は|に)?[^。、]{0,6}?(?:ないで|やめ)"),
          Pattern.compile("^(?:これ|それ|この|その|あれ|なぜなら|だから|そうすると|そうしないと|理由)"),
          Pattern.compile("^(?:代わりに|かわりに|そうではなく|そうじゃなく|ではなく|じゃなくて|むしろ)")),
      // 留意して, 念頭に置いて: "keep in mind", as English's and 注意 in Chinese
      Pattern.compile("今後|これから(?:は|も)|次(?:回)?から|以後|以降は|覚えて(?:おいて|おけ|ください)|忘れずに|忘れないで"
          + "|留意して|念頭に(?:置|お)いて"
          + "|ルールとして|(?:日本語|英語)で(?:回答|返答|答え|返事|話し|書い|説明|やりとり)"),
      Pattern.compile("常に|必ず|毎回|絶対に?"),
      Pattern.compile("今回|今は|とりあえず|一旦|ひとまず|まだ"),
      Pattern.compile("(?:か|かな|かね|かしら|の|っけ)[。.]?$"),
      Set.of());

  static final CorrectionLanguages.Markers KOREAN = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("ko",
          Pattern.compile("지\\s*(?:마|말아|말고|말라|말\\s*것|맙시다|않도록)|(?:으?면|어서는|아서는)\\s*안\\s*(?:돼|되|됩|된)|금지"
              + "|피해\\s*(?:줘|주세요|라)|피하세요|그만\\s*(?:해|하세요|둬)|하지\\s*않아도\\s*(?:돼|됩)"),
          Pattern.compile("대신|(?<!지\\s?)말고|아니라|보다는?\\s*[^.!?]{1,30}?(?:써|사용|로)"),
          Pattern.compile("대신|(?:써|사용해|이용해|해|넣어|바꿔)\\s*(?:줘|주세요|요|라)|세요|(?:어|아|여|해)야\\s*(?:해|돼|합|됩|한)"
              + "|항상|반드시|꼭|무조건|만\\s*(?:사용|써|쓰)"),
          Pattern.compile("때문에|니까|니깐|므로|왜냐하면|그래서|위해|안\\s*그러면|그렇지\\s*않으면|이유|느려|에러가|오류가"),
          Pattern.compile("(?:그거|이거|저거|그것|이것|그건|이건)(?:을|를|는|은)?\\s*[^.!?\\s]{0,6}\\s*지\\s*마"),
          Pattern.compile("^(?:이건|그건|이것|그것|왜냐하면|그래서|안\\s*그러면|그렇지\\s*않으면)"),
          Pattern.compile("^(?:대신|그\\s*대신|오히려)")),
      Pattern.compile("앞으로|이제부터|지금부터|다음부터|다음\\s*번(?:에|부터)|기억해|기억하세요|잊지\\s*마|명심해|규칙으로"
          + "|한국어로\\s*(?:답|대답|응답|말|작성|설명|소통)"),
      Pattern.compile("항상|반드시|무조건|언제나|매번|절대"),
      Pattern.compile("이번에|이번만|일단|지금은|아직"),
      Pattern.compile("(?:까|나요|니|냐|는지|죠|래)[.。]?$"),
      Set.of());

  // Vietnamese is written with spaces between syllables: \b reads its letters as word letters under UNICODE_CHARACTER_CLASS
  private static final int VI = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS;

  static final CorrectionLanguages.Markers VIETNAMESE = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("vi",
          Pattern.compile("\\bđừng\\b|\\b(?:không|ko|k|hok|khong)\\s+(?:được|dc|đc)\\s+(?!(?:nữa|rồi|à|ạ|đâu)\\b)\\p{L}"
              + "|\\b(?:không|ko|k)\\s+nên\\b|\\bcấm\\b|\\bchớ\\b|\\btránh\\b|\\bkhông\\s+bao\\s+giờ\\b"
              // the person's "I don't want", a preference as English's "I don't want vertical scaling"
              + "|\\b(?:tôi|mình|em|anh|tớ)\\s+(?:không|ko|k)\\s+(?:muốn|thích)\\b"
              + "|\\b(?:bạn|em|cậu)\\s+(?:không|ko|k)\\s+cần\\b|\\bthôi\\s+(?:đừng|không)\\b", VI),
          Pattern.compile("\\bthay\\s+vì\\b|\\bthay\\s+vào\\s+đó\\b|\\bthay\\s+cho\\b|\\bthay\\s+bằng\\b|\\bchứ\\s+(?:(?:không|ko|k)(?:\\s+phải)?|đừng)\\b"
              + "|\\bkhông\\s+phải\\b[^.;!?]{1,40}?\\bmà\\s+là\\b", VI),
          // phải is "must", but không phải is "is not"
          Pattern.compile("\\bhãy\\b|(?<!không\\s|ko\\s|k\\s)\\bphải\\b|\\bnên\\b|\\bcần\\b|\\bchỉ\\b|\\bdùng\\b|\\bsử\\s+dụng\\b|\\bthay\\s+vì\\b", VI),
          Pattern.compile("\\bvì\\b|\\bbởi\\b|\\bdo\\s+(?:đó|vậy)\\b|\\bđể\\b|\\bnếu\\s+không\\b|\\bkhông\\s+thì\\b|\\blý\\s+do\\b"
              + "|\\bchậm\\b|\\blỗi\\b", VI),
          Pattern.compile("\\b(?:đừng|không\\s+được)\\s+\\p{L}+\\s+(?:nó|cái\\s+này|cái\\s+đó|vậy|thế)\\s*[.!]?$", VI),
          Pattern.compile("^(?:cái\\s+này|điều\\s+này|nó|vì|bởi\\s+vì|do\\s+đó|vì\\s+vậy|nếu\\s+không|như\\s+vậy)\\b", VI),
          Pattern.compile("^(?:thay\\s+vào\\s+đó|ngược\\s+lại)\\b", VI)),
      Pattern.compile("\\btừ\\s+(?:giờ|nay|bây\\s+giờ)\\b|\\blần\\s+sau\\b|\\bsau\\s+này\\b|\\bghi\\s+nhớ\\b"
          + "|(?<!để\\s)\\blưu\\s+vào\\s+bộ\\s+nhớ\\b|\\b(?:phải|hãy)\\s+nhớ\\b|\\bnhớ\\s+(?:là|rằng)\\b"
          // a principle or a rule stated as such, not a rule mentioned ("các quy tắc mà ...")
          + "|^(?:nguyên|quy)\\s+tắc\\b|\\b(?:nguyên|quy)\\s+tắc\\s*(?::|là\\b)"
          + "|\\btrả\\s+lời\\s+(?:bằng\\s+)?tiếng\\s+việt\\b", VI),
      // "gì cũng" ("whatever you do ... also"): every time, as luôn (always) and mỗi lần (each time)
      Pattern.compile("\\bluôn(?:\\s+luôn)?\\b|\\blúc\\s+nào\\s+cũng\\b|\\bmỗi\\s+(?:lần|khi)\\b|\\bgì\\s+cũng\\b", VI),
      Pattern.compile("\\blần\\s+này\\b|\\btạm\\s+thời\\b|\\btrước\\s+mắt\\b|\\bbây\\s+giờ\\b|\\bchưa\\b", VI),
      Pattern.compile("\\b(?:không|chưa|à|hả|sao|nhỉ|chứ|ko)\\s*[.?]?$", VI),
      Set.of());

  private AsianMarkers() {}
}
