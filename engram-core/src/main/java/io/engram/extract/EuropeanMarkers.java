package io.engram.extract;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * How Russian (and Ukrainian), Spanish, Portuguese, French and German say a correction ({@link CorrectionLanguages}).
 *
 * <p>Russian forbids with не before an imperative (не используй, не добавляй, не пиши, не ставь: the endings -й, -и,
 * -ь, with -те and -ся), with не нужно or не надо beside an infinitive, нельзя, запрещаю, хватит, прекрати; it
 * contrasts with вместо and а не, and gives a cause with потому что, так как, иначе, чтобы. Spanish and Portuguese
 * forbid with no or não before the subjunctive that is their negative imperative (no uses, não altere) or an
 * infinitive in a list of rules (no usar), and with nunca, evita, deja de, pare de; French with ne ... pas, jamais or
 * plus around an imperative (n'utilise pas), il ne faut pas, évite; German with an imperative and nicht, kein or nie
 * (verwende kein npm, bitte nicht), or a rule's closing infinitive (keine Emojis verwenden). In the Romance languages
 * and German the verb of the negative imperative is read from the verbs of working on code, since its form is also a
 * statement's of other verbs (no funciona, não existe).
 */
final class EuropeanMarkers {
  // Case folded in every alphabet, and \b and \w over Cyrillic and accented letters as over ASCII
  private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS;

  // These languages end every question with a question mark (Spanish opens it with ¿ too): no other ending asks
  private static final Pattern MARKED_QUESTION = Pattern.compile("(?!)");

  /** A Russian imperative: -й, -и (not the past plural's -ли), -ь, with -те and -ся; not a word that only looks one. */
  private static final String RU_IMPERATIVE = "(?!(?:очень|здесь|весь|теперь|они|мои|твои|свои|все|ли|и)(?!\\p{L}))"
      // an infinitive (-ть, -ться, -ти) or a past form (-л, -ла, -ли, -ло, -лся, -лись) states or reports
      + "(?!\\p{L}*(?:ть|ться|ти|л[аио]?|л[аио]?с[яь])(?!\\p{L}))"
      + "\\p{L}{2,}(?:[аяуюе]й|(?<!л)и|ь)(?:те)?(?:с[яь])?(?!\\p{L})";

  static final CorrectionLanguages.Markers RUSSIAN = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("ru",
          Pattern.compile("(?<!\\p{L})не\\s+" + RU_IMPERATIVE
              // what the speaker needs is theirs ("мне не нужно экспортировать"), as "we don't need" is in English
              + "|(?<!мне\\s|нам\\s)(?<!\\p{L})не\\s+(?:надо|нужно|стоит|следует|треба|потрібно)\\s+\\p{L}+(?:ть|ться|ти)(?!\\p{L})"
              + "|\\p{L}{2,}(?:ть|ться|ти)\\s+(?:(?!мне|нам)\\p{L}+\\s+){0,3}?не\\s+(?:нужно|надо|стоит|следует|треба|потрібно)"
              + "(?!\\p{L})"
              + "|\\bнельзя\\b|\\bзапрещ\\p{L}*|\\bзаборон\\p{L}*|\\bхватит\\b|\\bперестань\\p{L}*|\\bпрекрати\\p{L}*"
              + "|\\bизбегай\\p{L}*", FLAGS),
          Pattern.compile("\\bвместо\\b|\\bа\\s+не\\b|\\bне\\s+[^,.;!?]{1,40}?,\\s*а\\s|\\bлучше\\b[^.!?]{1,40}?\\bчем\\b", FLAGS),
          Pattern.compile("\\b(?:используй\\p{L}*|пользуйся|применяй|делай|сделай|пиши|ставь|бери|запускай|всегда|только|лучше"
              + "|должн\\p{L}+|нужно|надо|следует|давай|меняем|делаем)\\b|\\p{L}{2,}(?:[аяую]й)(?:те)?(?!\\p{L})", FLAGS),
          Pattern.compile("\\b(?:потому\\s+что|так\\s+как|поскольку|иначе|чтобы|ибо|поэтому|причина|а\\s+то|падает|ломает\\p{L}*"
              + "|тормоз\\p{L}*|медленн\\p{L}*|ошибк\\p{L}*)\\b|\\bиз-за\\b|\\bт\\.\\s?к\\.", FLAGS),
          Pattern.compile("(?<!\\p{L})не\\s+\\p{L}+(?:[аяуюе]й|и|ь)(?:те)?\\s+(?:это|его|её|ее|их|этого|то|так)\\s*[.!]?$", FLAGS),
          Pattern.compile("^(?:это|этот|эта|так|потому|поэтому|иначе|оно|они)\\b", FLAGS),
          Pattern.compile("^(?:вместо\\s+этого|наоборот)\\b", FLAGS)),
      Pattern.compile("\\b(?:впредь|в\\s+дальнейшем|с\\s+этого\\s+момента|с\\s+сегодняшнего\\s+дня|отныне|в\\s+следующий\\s+раз"
          + "|запомни(?:те)?|не\\s+забывай(?:те)?|не\\s+забудь(?:те)?)\\b"
          + "|\\b(?:отвечай|общайся|пиши|говори|разговаривай)(?:те)?\\s+(?:со\\s+мной\\s+)?(?:на\\s+(?:русском|украинском)"
          + "|по-(?:русски|украински))", FLAGS),
      Pattern.compile("\\b(?:всегда|каждый\\s+раз|никогда)\\b", FLAGS),
      Pattern.compile("\\b(?:сейчас|пока|в\\s+этот\\s+раз|на\\s+этот\\s+раз|зараз|поки)\\b"
          // not changing anything or the code, said bare, bounds the work the turn asks for ("давай пообсуждаем, ничего
          // не меняй"), as English's "Do not change other parts of the page"
          + "|\\b(?:ничего|код)\\s+не\\s+(?:меняй|трогай|изменяй|правь)(?:те)?\\b|\\bне\\s+(?:меняй|трогай|изменяй|правь)(?:те)?\\s+"
          + "(?:ничего|код)\\s*[.!,]|\\b(?:менять|трогать|изменять|править)\\s+(?:ничего|код)\\s+не\\s+(?:нужно|надо)\\b", FLAGS),
      MARKED_QUESTION,
      Set.of());

  private static final String ES_VERBS = "(?:uses?|utilices?|cambies|modifiques?|toques?|borres?|elimines?|agregues?"
      + "|añadas?|instales?|ejecutes?|inventes?|asumas?|incluyas?|escribas?|hagas?|pongas?|rompas?|dejes|olvides"
      + "|mezcles?|copies|subas?|crees)";

  static final CorrectionLanguages.Markers SPANISH = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("es",
          Pattern.compile("\\bno\\s+(?:(?:me|te|lo|la|los|las|le|les|se|nos)\\s+)*" + ES_VERBS + "\\b"
              + "|\\bno\\s+vuelvas?\\s+a\\b|\\bnunca\\s+(?:(?:me|te|lo|la|los|las|le|les|se)\\s+)*" + ES_VERBS + "\\b"
              // a list of rules forbids with an infinitive: "No usar emojis"
              + "|(?:^|[,;:]\\s*)no\\s+(?:usar|utilizar|modificar|cambiar|tocar|borrar|eliminar|añadir|agregar|crear"
              + "|escribir|hacer|poner|instalar|ejecutar|inventar|asumir|incluir)\\b"
              + "|\\bevit[ae](?:r|s)?\\b|\\bprohibido\\b|\\bdej[ae]\\s+de\\b|\\bno\\s+(?:debes|deberías|hay\\s+que|se\\s+debe)\\b"
              + "|\\bno\\s+quiero\\s+que\\b", FLAGS),
          Pattern.compile("\\ben\\s+(?:lugar|vez)\\s+de\\b|\\ben\\s+su\\s+lugar\\b|\\bno\\s+[^,.;!?]{1,40}?\\s+sino\\b"
              + "|\\bmejor\\b[^.!?]{1,40}?\\bque\\b", FLAGS),
          Pattern.compile("\\b(?:usa|utiliza|emplea|prefiero|siempre|solo|sólo|únicamente|debes|deberías|hay\\s+que"
              + "|tienes\\s+que|mejor|sigue|haz|pon|vamos\\s+a|usar|utilizar)\\b", FLAGS),
          Pattern.compile("\\b(?:porque|ya\\s+que|puesto\\s+que|dado\\s+que|para\\s+que|para\\s+(?:evitar|no)|si\\s+no"
              + "|de\\s+lo\\s+contrario|debido\\s+a|así|por\\s+eso|demasiado|lento|rompe|falla)\\b", FLAGS),
          Pattern.compile("\\bno\\s+(?:lo|la|los|las|le|les)\\s+\\p{L}+\\s*[.!]?$|\\bno\\s+\\p{L}+\\s+(?:eso|esto)\\s*[.!]?$", FLAGS),
          Pattern.compile("^(?:esto|eso|así|porque|ya\\s+que|si\\s+no|de\\s+lo\\s+contrario)\\b", FLAGS),
          Pattern.compile("^(?:en\\s+su\\s+lugar|en\\s+cambio|más\\s+bien)\\b", FLAGS)),
      Pattern.compile("\\b(?:a\\s+partir\\s+de\\s+ahora|de\\s+ahora\\s+en\\s+adelante|desde\\s+ahora|en\\s+adelante"
          + "|la\\s+próxima\\s+vez|recuerda|recuérdalo|no\\s+olvides|(?:responde|contesta|habla|escribe)(?:me)?\\s+"
          + "(?:siempre\\s+)?en\\s+español)\\b", FLAGS),
      Pattern.compile("\\b(?:siempre|nunca|cada\\s+vez)\\b", FLAGS),
      Pattern.compile("\\b(?:por\\s+ahora|de\\s+momento|por\\s+el\\s+momento|esta\\s+vez|todavía|aún)\\b", FLAGS),
      Pattern.compile("^¿", FLAGS),
      Set.of("el", "los", "las", "y", "es", "del", "al", "pero", "más", "muy", "también", "hay", "esto", "eso", "una",
          "con", "puedes", "quiero", "usa", "ahora", "siempre", "porque", "cuando", "vamos", "lo", "se", "sino", "mejor",
          "tiene", "tienes", "hacer", "vale", "ya", "aquí", "así", "yo", "sin", "para", "por", "como", "nunca"));

  private static final String PT_VERBS = "(?:uses?|utilizes?|alteres?|mudes?|modifiques?|mexas?|toques?|apagues?|removas?"
      + "|deletes?|adiciones?|coloques?|escrevas?|faças?|crie|cries|instales?|executes?|rodes?|inventes?|assumas?"
      + "|incluas?|commites?|esqueças?|subas?)";

  static final CorrectionLanguages.Markers PORTUGUESE = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("pt",
          Pattern.compile("\\bnão\\s+(?:(?:me|te|o|a|os|as|se|lhe|nos)\\s+)?" + PT_VERBS + "\\b"
              + "|\\bnunca\\s+(?:(?:me|te|o|a|os|as|se|lhe)\\s+)?" + PT_VERBS + "\\b"
              + "|(?:^|[,;:]\\s*)não\\s+(?:usar|utilizar|alterar|mudar|modificar|mexer|apagar|remover|adicionar|colocar"
              + "|escrever|fazer|criar|instalar|executar|rodar|inventar|incluir)\\b"
              + "|\\bevit[ae](?:r|s)?\\b|\\bproibido\\b|\\bpar[ae]\\s+de\\b|\\bnão\\s+(?:deve|deves|deveria)\\b"
              + "|\\bnão\\s+precisa\\s+\\p{L}+r\\b|\\bnão\\s+quero\\s+que\\b", FLAGS),
          Pattern.compile("\\bem\\s+vez\\s+de\\b|\\bao\\s+invés\\s+de\\b|\\bem\\s+lugar\\s+de\\b|\\bno\\s+lugar\\s+de\\b"
              + "|\\bnão\\s+[^,.;!?]{1,40}?\\s+e\\s+sim\\b|\\bnão\\s+[^,.;!?]{1,40}?,\\s*mas\\b", FLAGS),
          Pattern.compile("\\b(?:use|usa|utilize|prefiro|sempre|só|somente|apenas|deve|deveria|tem\\s+que|precisa|melhor"
              + "|faça|coloque|vamos)\\b", FLAGS),
          Pattern.compile("\\b(?:porque|pois|já\\s+que|visto\\s+que|para\\s+que|para\\s+(?:evitar|não)|senão|se\\s+não"
              + "|caso\\s+contrário|devido\\s+a|por\\s+isso|assim|lento|quebra|falha)\\b", FLAGS),
          Pattern.compile("\\bnão\\s+(?:o|a|os|as)\\s+\\p{L}+\\s*[.!]?$|\\bnão\\s+\\p{L}+\\s+(?:isso|isto)\\s*[.!]?$", FLAGS),
          Pattern.compile("^(?:isso|isto|assim|porque|pois|senão|caso\\s+contrário)\\b", FLAGS),
          Pattern.compile("^(?:em\\s+vez\\s+disso|ao\\s+invés\\s+disso|pelo\\s+contrário)\\b", FLAGS)),
      Pattern.compile("\\b(?:a\\s+partir\\s+de\\s+agora|daqui\\s+(?:pra|para)\\s+frente|de\\s+agora\\s+em\\s+diante"
          + "|da\\s+próxima\\s+vez|lembre-se|lembra\\s+(?:que|de)|não\\s+esqueça|(?:responda|fale|escreva)(?:-me)?\\s+"
          + "(?:sempre\\s+)?em\\s+português)\\b", FLAGS),
      Pattern.compile("\\b(?:sempre|nunca|toda\\s+vez)\\b", FLAGS),
      Pattern.compile("\\b(?:por\\s+enquanto|por\\s+agora|desta\\s+vez|dessa\\s+vez|ainda)\\b", FLAGS),
      MARKED_QUESTION,
      Set.of("os", "não", "você", "vc", "isso", "isto", "também", "uma", "é", "em", "com", "da", "dos", "das", "na",
          "ao", "sempre", "agora", "mas", "mais", "pra", "tem", "fazer", "aqui", "eu", "meu", "sem", "então", "já", "só",
          "ou", "pelo", "pela", "nunca", "porque", "para", "por"));

  private static final String FR_VERBS = "(?:utilise|utilisez|fais|faites|modifie|modifiez|touche|touchez|ajoute|ajoutez"
      + "|supprime|supprimez|crée|créez|écris|écrivez|mets|mettez|change|changez|lance|lancez|invente|inventez"
      + "|installe|installez|commite|commitez|pousse|poussez|exécute|exécutez|efface|effacez|suppose|supposez"
      + "|renomme|renommez|casse|cassez)";

  static final CorrectionLanguages.Markers FRENCH = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("fr",
          Pattern.compile("\\b(?:ne\\s+|n['’]\\s*)(?:(?:le|la|les|lui|leur|me|te|y|en)\\s+|[lm]['’]\\s*)*" + FR_VERBS
              + "\\s+(?:pas|jamais|plus|rien|aucun\\p{L}*)\\b|\\bil\\s+ne\\s+faut\\s+(?:pas|jamais|plus)\\b"
              + "|\\b(?:tu|vous)\\s+ne\\s+(?:dois|devez|devrais|devriez)\\s+(?:pas|jamais|plus)\\b|\\bévite[rz]?\\b"
              + "|\\binterdit\\p{L}*|\\barrête[sz]?\\s+de\\b|^pas\\s+de\\s+\\p{L}", FLAGS),
          Pattern.compile("\\bau\\s+lieu\\s+d(?:e\\b|['’])|\\bplutôt\\s+que\\b|\\bà\\s+la\\s+place\\b"
              + "|\\bpas\\s+[^,.;!?]{1,40}?,\\s*mais\\b", FLAGS),
          Pattern.compile("\\b(?:utilise|utilisez|préfère|préférez|toujours|seulement|uniquement|il\\s+faut|tu\\s+dois"
              + "|vous\\s+devez|plutôt|fais|faites|mets|mettez|garde|gardez|lance|lancez)\\b", FLAGS),
          Pattern.compile("\\bparce\\s+qu(?:e\\b|['’])|\\b(?:car|puisque|sinon|pour\\s+que|pour\\s+éviter|lent|plus\\s+simple"
              + "|plus\\s+rapide|plus\\s+lisible)\\b|\\bafin\\s+d|\\bà\\s+cause\\s+d|\\bça\\s+(?:casse|plante)\\b", FLAGS),
          Pattern.compile("\\b(?:ne\\s+|n['’]\\s*)(?:le\\s+|la\\s+|les\\s+|l['’]\\s*)\\p{L}+\\s+(?:pas|jamais|plus)\\s*[.!]?$"
              + "|\\bne\\s+(?:fais|faites|touche|touchez|change|changez)\\s+pas\\s+(?:ça|cela)\\s*[.!]?$", FLAGS),
          Pattern.compile("^(?:ça\\b|cela\\b|ceci\\b|c['’]est\\b|parce\\s+qu|car\\b|sinon\\b)", FLAGS),
          Pattern.compile("^(?:à\\s+la\\s+place|au\\s+contraire|plutôt)\\b", FLAGS)),
      Pattern.compile("\\b(?:désormais|dorénavant|à\\s+partir\\s+de\\s+maintenant|la\\s+prochaine\\s+fois|retiens"
          + "|souviens-toi|souvenez-vous|rappelle-toi|(?:réponds|répondez|parle|parlez|écris|écrivez)(?:-moi)?\\s+"
          + "(?:toujours\\s+)?en\\s+français)\\b|\\bà\\s+l['’]avenir\\b|\\bn['’]oubliez?\\s+pas\\b", FLAGS),
      Pattern.compile("\\b(?:toujours|jamais|chaque\\s+fois)\\b", FLAGS),
      Pattern.compile("\\b(?:pour\\s+l['’]instant|pour\\s+le\\s+moment|cette\\s+fois|pas\\s+encore)\\b", FLAGS),
      MARKED_QUESTION,
      Set.of("le", "les", "des", "et", "est", "pour", "avec", "ne", "pas", "ce", "cette", "il", "je", "tu", "vous",
          "mais", "sur", "dans", "c'est", "qui", "une", "au", "aux", "faut", "ça", "être", "sont", "aussi", "toujours",
          "jamais", "parce", "sinon", "n'est", "j'ai", "fais", "plutôt"));

  private static final String DE_IMPERATIVE = "(?:verwende|benutze|benutz|nutze|nutz|mach|mache|füge|ändere|änder|lösche"
      + "|lösch|entferne|schreib|schreibe|erstelle|installiere|führe|committe|pushe|fass|fasse|rühr|rühre|erfinde|setz"
      + "|setze|nimm|lass|lasse|leg|lege|generiere|kopiere|benenne|(?:verwenden|benutzen|nutzen|machen|ändern|löschen"
      + "|entfernen|schreiben|erstellen|installieren|führen|committen|pushen|erfinden|setzen|nehmen|lassen)\\s+sie)";

  static final CorrectionLanguages.Markers GERMAN = new CorrectionLanguages.Markers(
      new CorrectionClauses.Language("de",
          Pattern.compile("\\b" + DE_IMPERATIVE + "\\b[^.!?;]{0,40}?\\b(?:nicht|kein\\p{L}*|nie|niemals)\\b"
              // a rule's closing infinitive: "keine Emojis verwenden"
              + "|\\b(?:nicht|kein\\p{L}*|nie|niemals)\\b[^.!?;]{0,40}?\\b(?:verwenden|benutzen|nutzen|machen|ändern|löschen"
              + "|entfernen|schreiben|erstellen|installieren|committen|pushen|anfassen|erfinden|hinzufügen|einbauen"
              + "|verändern)\\s*[.!]?$|\\bbitte\\s+(?:nicht|kein\\p{L}*|nie)\\b|\\bvermeide\\p{L}*|\\bverboten\\b"
              + "|\\bhör\\s+auf\\b|\\b(?:sollst|darfst|solltest|sollen|dürfen|sollten)\\s+(?:\\S+\\s+){0,3}?"
              + "(?:nicht|kein\\p{L}*|nie|niemals)\\b", FLAGS),
          Pattern.compile("\\b(?:statt|anstatt|stattdessen|anstelle|sondern)\\b|\\blieber\\b[^.!?]{1,40}?\\bals\\b", FLAGS),
          Pattern.compile("\\b(?:verwende|benutze|nutze|immer|nur|lieber|stattdessen|sollst|musst|soll|muss|mach|mache"
              + "|bitte)\\b", FLAGS),
          Pattern.compile("\\b(?:weil|denn|sonst|damit|wegen|deshalb|daher|langsam|kaputt|bricht)\\b"
              + "|\\bda\\s+(?:es|das|die|der|sonst)\\b|\\bum\\s+\\p{L}+\\s+zu\\b|\\bfehlschl\\p{L}*", FLAGS),
          Pattern.compile("\\b" + DE_IMPERATIVE + "\\s+(?:es|das|ihn|sie|die)\\s+(?:nicht|nie)\\s*[.!]?$", FLAGS),
          Pattern.compile("^(?:das|dies|es|so|weil|denn|sonst|deshalb|daher)\\b", FLAGS),
          Pattern.compile("^(?:stattdessen|statt\\s+dessen|lieber|vielmehr)\\b", FLAGS)),
      Pattern.compile("\\b(?:ab\\s+jetzt|von\\s+nun\\s+an|ab\\s+sofort|künftig|zukünftig|in\\s+zukunft|nächstes\\s+mal"
          + "|beim\\s+nächsten\\s+mal|merk\\s+dir|merke\\s+dir|denk\\s+daran|denke\\s+daran|vergiss\\s+nicht"
          + "|(?:antworte|antworten\\s+sie|sprich|schreib|schreibe)\\s+(?:immer\\s+)?(?:auf\\s+)?deutsch)\\b", FLAGS),
      Pattern.compile("\\b(?:immer|nie|niemals|jedes\\s+mal|grundsätzlich)\\b", FLAGS),
      Pattern.compile("\\b(?:vorerst|erstmal|erst\\s+mal|noch\\s+nicht|diesmal|dieses\\s+mal|für\\s+jetzt)\\b", FLAGS),
      MARKED_QUESTION,
      Set.of("der", "die", "das", "und", "ist", "nicht", "ein", "eine", "zu", "mit", "auf", "für", "ich", "sie", "den",
          "dem", "auch", "bitte", "kein", "keine", "wir", "immer", "nur", "aber", "oder", "wenn", "dass", "wie", "noch",
          "jetzt", "bei", "nach", "von", "sind", "nie", "statt"));

  private EuropeanMarkers() {}
}
