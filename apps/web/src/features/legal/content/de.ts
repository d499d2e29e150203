import type { LegalContent } from './types';

const LAST_UPDATED = '2026-11-22';

export const content: LegalContent = {
  privacy: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Diese Erklärung zeigt, welche Personendaten Taxli bearbeitet, wenn Sie unsere Webanwendung zur Vorbereitung Ihrer Schweizer Steuererklärung nutzen, wozu wir dies tun und welche Rechte Sie haben. Wir bearbeiten Personendaten nach dem Bundesgesetz über den Datenschutz (DSG, revDSG) vom 25. September 2020, in Kraft seit dem 1. September 2023, und der Datenschutzverordnung (DSV). Soweit die Datenschutz-Grundverordnung der EU (DSGVO) auf Sie anwendbar ist, halten wir auch diese ein.',
    ],
    sections: [
      {
        id: 'controller',
        heading: '1. Verantwortliche Stelle',
        paragraphs: [
          'Verantwortlich für die hier beschriebene Datenbearbeitung ist Taxli. Für Fragen zum Datenschutz und zur Ausübung Ihrer Rechte erreichen Sie uns unter privacy@taxli.ch.',
        ],
      },
      {
        id: 'data',
        heading: '2. Welche Daten wir bearbeiten',
        items: [
          'Kontodaten: E-Mail-Adresse, Vor- und Nachname, Telefonnummer mit Ländervorwahl, bevorzugte Sprache und Abonnement.',
          'Anmelde- und Sicherheitsdaten: Einmal-Anmeldecodes (nur als Hash mit geheimem Schlüssel gespeichert), Sitzungs- und Geräte-Token (nur als Hash gespeichert), Zeitpunkte von Anmeldung und Aktivität sowie technische Protokolle einschliesslich Ihrer IP-Adresse.',
          'Steuerprofil: Steueradresse, Kanton und Gemeinde, Zivilstand, Konfession (für die Kirchensteuer), Beruf und Erwerbstätigkeit, Kinder, Liegenschaften, Wertschriften, Vorsorge und weitere Abzüge.',
          'Identifikationsnummern: AHV-Nummern von Ihnen und Ihrer Ehepartnerin oder Ihrem Ehepartner sowie Steueridentifikationsnummern.',
          'Steuerdokumente, die Sie hochladen (zum Beispiel Lohnausweise, Bank- und Versicherungsbescheinigungen, Belege), und deren Inhalt.',
          'Nachrichten, die Sie uns senden.',
        ],
        paragraphs: [
          'Einige dieser Daten sind besonders schützenswert im Sinne von Art. 5 DSG, etwa Ihre Konfession oder Gesundheitsdaten in Arztrechnungen. Wir bearbeiten sie nur, weil Sie sie für Ihre Steuererklärung angeben, und nur zu diesem Zweck.',
        ],
      },
      {
        id: 'purposes',
        heading: '3. Wozu wir Ihre Daten bearbeiten',
        items: [
          'Um Ihr Konto bereitzustellen und Sie sicher anzumelden.',
          'Um Ihre Steuererklärung mit unseren Steuerexpertinnen und -experten nach Ihren Anweisungen vorzubereiten, zu prüfen und zu übermitteln.',
          'Um mit Ihnen über Ihre Steuererklärung und unseren Dienst zu kommunizieren.',
          'Um den Dienst sicher zu halten und Missbrauch zu erkennen und zu verhindern.',
          'Um unsere gesetzlichen Pflichten zu erfüllen, insbesondere Aufbewahrungspflichten.',
        ],
      },
      {
        id: 'legal-basis',
        heading: '4. Rechtsgrundlagen',
        paragraphs: [
          'Wir bearbeiten Ihre Daten nach den Grundsätzen des DSG (Rechtmässigkeit, Treu und Glauben, Verhältnismässigkeit, Zweckbindung, Richtigkeit und Datensicherheit). Wir stützen uns auf den Vertrag mit Ihnen über den genutzten Dienst, auf Ihre Einwilligung für besonders schützenswerte Daten, die Sie uns freiwillig angeben, auf unser berechtigtes Interesse an einem sicheren Dienst und auf gesetzliche Pflichten. Soweit die DSGVO anwendbar ist, sind die entsprechenden Rechtsgrundlagen Art. 6 Abs. 1 lit. b, a, f und c DSGVO und für besondere Kategorien von Daten Art. 9 Abs. 2 lit. a DSGVO.',
        ],
      },
      {
        id: 'recipients',
        heading: '5. Wer Ihre Daten erhält',
        items: [
          'Die Steuerexpertinnen und -experten, die Ihre Steuererklärung vorbereiten und prüfen. Sie sind zur Verschwiegenheit verpflichtet und bearbeiten Ihre Daten nur zur Erbringung unseres Dienstes.',
          'IT-Dienstleister, die die Anwendung in unserem Auftrag in der Schweiz betreiben, als vertraglich gebundene Auftragsbearbeiter (Art. 9 DSG).',
          'Steuerbehörden, nur wenn Sie uns beauftragen, ihnen Dokumente oder Ihre Steuererklärung einzureichen.',
          'Behörden und Gerichte, soweit uns das Gesetz zur Herausgabe verpflichtet.',
        ],
        paragraphs: [
          'Wir verkaufen Ihre Daten nie und verwenden sie nicht für Werbung. Wir geben keine Personendaten ins Ausland bekannt. Sollte dies je nötig werden, tun wir es nur in Staaten mit einem vom Bundesrat festgestellten angemessenen Schutz oder mit geeigneten Garantien (Art. 16 DSG) und passen diese Erklärung vorher an.',
        ],
      },
      {
        id: 'security',
        heading: '6. Speicherung und Sicherheit',
        paragraphs: [
          'Ihre Daten werden in der Schweiz gespeichert. Hochgeladene Dokumente werden verschlüsselt abgelegt (AES-256-GCM, mit einem eigenen Schlüssel pro Datei); AHV-Nummern werden in der Datenbank verschlüsselt und nur maskiert angezeigt. Alle Verbindungen laufen über HTTPS. Mitarbeitende haben nur den Zugriff, den ihre Aufgabe erfordert, und jeder Zugriff auf Ihre Daten durch andere Personen als Sie wird protokolliert.',
        ],
      },
      {
        id: 'retention',
        heading: '7. Wie lange wir Ihre Daten aufbewahren',
        items: [
          'Steuerdokumente und die Unterlagen zu unserer Arbeit an Ihrer Steuererklärung: 10 Jahre nach Ablauf des betreffenden Steuerjahres, wie es das Schweizer Recht für solche Unterlagen verlangt (Art. 958f Obligationenrecht).',
          'Kontodaten: solange Ihr Konto besteht; nach der Löschung bewahren wir nur auf, was wir von Gesetzes wegen aufbewahren müssen.',
          'Anmeldecodes verfallen nach 10 Minuten, Sitzungen nach 30 Minuten Inaktivität und spätestens nach 12 Stunden, Geräte-Token nach 30 Tagen.',
          'Sicherheitsprotokolle: höchstens 12 Monate.',
        ],
      },
      {
        id: 'rights',
        heading: '8. Ihre Rechte',
        items: [
          'Recht auf Auskunft über Ihre Personendaten (Art. 25 DSG).',
          'Recht auf Berichtigung unrichtiger Daten (Art. 32 DSG).',
          'Recht auf Löschung Ihrer Daten und auf Widerspruch gegen die Bearbeitung, soweit wir die Daten nicht von Gesetzes wegen aufbewahren müssen.',
          'Recht auf Datenherausgabe und -übertragung: Sie erhalten die von Ihnen angegebenen Daten in einem gängigen elektronischen Format (Art. 28 DSG).',
          'Recht, Ihre Einwilligung jederzeit mit Wirkung für die Zukunft zu widerrufen.',
        ],
        paragraphs: [
          'Senden Sie Ihr Begehren an privacy@taxli.ch. Wir können Sie bitten, Ihre Identität nachzuweisen. Wir antworten innert 30 Tagen und in der Regel kostenlos.',
        ],
      },
      {
        id: 'authority',
        heading: '9. Aufsichtsbehörde',
        paragraphs: [
          'Sie können sich beim Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) beschweren, Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch. Wohnen Sie in der EU oder im EWR, können Sie sich auch an die Datenschutzbehörde Ihres Landes wenden.',
        ],
      },
      {
        id: 'automated',
        heading: '10. Keine automatisierten Entscheidungen',
        paragraphs: [
          'Wir treffen keine automatisierten Einzelentscheidungen im Sinne von Art. 21 DSG. Die automatische Dokumenterkennung hilft nur beim Einordnen Ihrer Dokumente; jede Beurteilung Ihrer Steuererklärung nimmt ein Mensch vor.',
        ],
      },
      {
        id: 'cookies',
        heading: '11. Cookies und lokaler Speicher',
        paragraphs: [
          'Wir verwenden nur unbedingt notwendige Cookies und Browserspeicher und kein Tracking. Einzelheiten finden Sie in unserer Cookie-Richtlinie.',
        ],
      },
      {
        id: 'changes',
        heading: '12. Änderungen dieser Erklärung',
        paragraphs: [
          'Wir können diese Erklärung anpassen, wenn sich unser Dienst oder das Recht ändert. Es gilt die hier veröffentlichte Fassung mit ihrem Datum. Über wesentliche Änderungen informieren wir Sie in der Anwendung.',
        ],
      },
    ],
  },

  cookies: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Taxli verwendet nur die Cookies und den Browserspeicher, die unbedingt nötig sind, um Sie anzumelden, angemeldet zu halten und Ihre Einstellungen zu speichern. Wir verwenden keine Analyse-, Werbe- oder Tracking-Cookies und binden keine Inhalte Dritter ein, die Cookies setzen könnten.',
    ],
    sections: [
      {
        id: 'cookies',
        heading: '1. Cookies',
        table: {
          caption: 'Cookies von Taxli',
          headers: ['Name', 'Zweck', 'Dauer'],
          rows: [
            [
              '__Host-taxli_session',
              'Hält Sie angemeldet. Nur unser Server kann es lesen (HttpOnly); es wird nur über eine sichere Verbindung und nur an die Taxli-Website gesendet.',
              'Endet nach 30 Minuten Inaktivität, spätestens 12 Stunden nach der Anmeldung und beim Abmelden.',
            ],
            [
              '__Host-taxli_remember',
              'Merkt sich dieses Gerät, damit Ihre Sitzung ohne neuen Code wiederhergestellt werden kann, nur wenn Sie dies bei der Anmeldung gewählt haben. Es wird bei jeder Verwendung ersetzt.',
              '30 Tage; wird beim Abmelden gelöscht.',
            ],
          ],
        },
      },
      {
        id: 'local-storage',
        heading: '2. Lokaler Speicher in Ihrem Browser',
        table: {
          caption: 'Einträge von Taxli im lokalen Speicher',
          headers: ['Schlüssel', 'Zweck', 'Dauer'],
          rows: [
            ['i18nextLng', 'Die von Ihnen gewählte Sprache der Oberfläche.', 'Bis Sie sie ändern oder Ihre Browserdaten löschen.'],
            [
              'taxli.lastEmail',
              'Die E-Mail-Adresse Ihrer letzten Anmeldung, um das Anmeldeformular vorauszufüllen.',
              'Bis Sie Ihre Browserdaten löschen.',
            ],
            [
              'taxli.loggedOut',
              'Vermerkt, dass Sie sich abgemeldet haben, damit die Anwendung Ihre Sitzung nicht automatisch wiederherstellt.',
              'Bis zur nächsten Anmeldung.',
            ],
          ],
        },
      },
      {
        id: 'no-tracking',
        heading: '3. Kein Tracking',
        paragraphs: [
          'Wir erstellen kein Profil von Ihnen, messen Ihre Nutzung der Anwendung nicht mit Werkzeugen Dritter und geben keine Cookie-Daten weiter. Da alle Cookies für den von Ihnen gewünschten Dienst unbedingt nötig sind, werden sie ohne Einwilligungsbanner gesetzt.',
        ],
      },
      {
        id: 'control',
        heading: '4. Ihre Kontrolle',
        paragraphs: [
          'Sie können Cookies und den lokalen Speicher jederzeit in den Einstellungen Ihres Browsers löschen. Wenn Sie das Sitzungs-Cookie blockieren, können Sie sich nicht bei Taxli anmelden.',
        ],
      },
      {
        id: 'contact',
        heading: '5. Kontakt',
        paragraphs: [
          'Fragen zu dieser Richtlinie: privacy@taxli.ch. Mehr zu Ihren Daten finden Sie in unserer Datenschutzerklärung.',
        ],
      },
    ],
  },

  terms: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Diese Allgemeinen Geschäftsbedingungen (AGB) regeln die Nutzung der Webanwendung Taxli. Sie akzeptieren sie, wenn Sie Ihr Profil vervollständigen. Bitte lesen Sie sie sorgfältig.',
    ],
    sections: [
      {
        id: 'scope',
        heading: '1. Geltungsbereich und Anbieterin',
        paragraphs: [
          'Taxli («wir») bietet einen Online-Dienst an, der Privatpersonen mit Wohnsitz oder Steuerpflicht in der Schweiz bei der Vorbereitung ihrer Steuererklärung unterstützt. Diese AGB gelten für jede Nutzung des Dienstes. Abweichende Bedingungen der Nutzerinnen und Nutzer gelten nicht.',
        ],
      },
      {
        id: 'service',
        heading: '2. Unser Dienst',
        paragraphs: [
          'In der Anwendung führen Sie Ihr Profil und Steuerprofil, laden Ihre Steuerdokumente nach Kategorien hoch, verfolgen den Stand Ihrer Steuererklärung und übermitteln Ihre Dokumente an unsere Steuerexpertinnen und -experten, die auf dieser Grundlage Ihre Erklärung vorbereiten. Die automatische Dokumenterkennung hilft beim Einordnen, ersetzt aber nicht die Prüfung durch einen Menschen. Dokumente oder eine Steuererklärung reichen wir nur auf Ihre ausdrückliche Anweisung und, wo nötig, mit Ihrer unterzeichneten Vollmacht bei einer Steuerbehörde ein.',
        ],
      },
      {
        id: 'account',
        heading: '3. Konto und Anmeldung',
        paragraphs: [
          'Sie melden sich mit Ihrer E-Mail-Adresse und einem Einmalcode an, den wir an diese Adresse senden. Schützen Sie den Zugang zu Ihrem E-Mail-Konto und geben Sie Codes nicht weiter. Ein Konto ist persönlich. Melden Sie uns einen Verdacht auf Missbrauch sofort an privacy@taxli.ch.',
        ],
      },
      {
        id: 'duties',
        heading: '4. Ihre Pflichten',
        items: [
          'Geben Sie vollständige und wahrheitsgetreue Angaben und alle massgebenden Dokumente rechtzeitig an.',
          'Prüfen Sie die von uns vorbereitete Steuererklärung, bevor Sie sie unterschreiben und einreichen. Als steuerpflichtige Person bleiben Sie gegenüber der Steuerbehörde für Ihre Steuererklärung verantwortlich.',
          'Beachten Sie die Einreichefristen oder beantragen Sie rechtzeitig eine Fristerstreckung bei der Steuerbehörde.',
          'Laden Sie nur Dokumente hoch, die Ihre Steuererklärung betreffen, und keine rechtswidrigen Inhalte oder Schadsoftware.',
        ],
      },
      {
        id: 'experts',
        heading: '5. Rolle der Steuerexpertinnen und -experten',
        paragraphs: [
          'Qualifizierte Steuerexpertinnen und -experten bereiten Ihre Steuererklärung aufgrund Ihrer Angaben und Dokumente vor und prüfen sie. Sie prüfen nicht, ob Ihre Dokumente echt oder vollständig sind, und ihre Beurteilung beschränkt sich auf den ihnen bekannten Sachverhalt. Sie behandeln Ihre Daten vertraulich.',
        ],
      },
      {
        id: 'plans',
        heading: '6. Abonnemente und Preise',
        paragraphs: [
          'Wir bieten ein Basic- und ein Premium-Abonnement an. Eine formelle Prüfung Ihrer vollständigen Steuererklärung durch unsere Fachleute ist nur im Premium-Abonnement enthalten. Die Preise kostenpflichtiger Leistungen werden Ihnen in der Anwendung vor der Bestellung angezeigt, in Schweizer Franken inklusive Mehrwertsteuer. Ohne Ihre Bestätigung wird nichts verrechnet.',
        ],
      },
      {
        id: 'liability',
        heading: '7. Haftung',
        paragraphs: [
          'Wir haften für Schäden, die wir absichtlich oder grobfahrlässig verursachen. Soweit gesetzlich zulässig (Art. 100 Obligationenrecht), ist die Haftung für leichte Fahrlässigkeit sowie für indirekte Schäden und Folgeschäden ausgeschlossen. Wir haften nicht für Folgen unvollständiger, unrichtiger oder verspäteter Angaben oder Dokumente von Ihnen, für Veranlagungen der Steuerbehörden und, sofern Sie nicht das Premium-Abonnement nutzen, für die formelle Richtigkeit der Steuererklärung. Die zwingende Haftung, insbesondere für Personenschäden, bleibt unberührt.',
        ],
      },
      {
        id: 'availability',
        heading: '8. Verfügbarkeit',
        paragraphs: [
          'Wir streben eine hohe Verfügbarkeit an, können aber keinen unterbruchsfreien Betrieb garantieren. Wartungsarbeiten führen wir nach Möglichkeit zu nutzungsarmen Zeiten durch.',
        ],
      },
      {
        id: 'privacy',
        heading: '9. Datenschutz',
        paragraphs: [
          'Wir bearbeiten Ihre Personendaten nach dem Bundesgesetz über den Datenschutz. Einzelheiten finden Sie in unserer Datenschutzerklärung.',
        ],
      },
      {
        id: 'termination',
        heading: '10. Beendigung',
        paragraphs: [
          'Sie können die Nutzung jederzeit beenden und Ihr Konto löschen lassen. Wir können ein Konto sperren oder schliessen, das missbräuchlich oder entgegen diesen AGB genutzt wird. Daten, die wir von Gesetzes wegen aufbewahren müssen, bleiben wie in der Datenschutzerklärung beschrieben erhalten.',
        ],
      },
      {
        id: 'changes',
        heading: '11. Änderungen',
        paragraphs: [
          'Wir können diese AGB ändern. Eine neue Fassung wird Ihnen in der Anwendung zur Zustimmung angezeigt; stimmen Sie nicht zu, können Sie die Nutzung des Dienstes beenden.',
        ],
      },
      {
        id: 'law',
        heading: '12. Anwendbares Recht und Gerichtsstand',
        paragraphs: [
          'Diese AGB unterstehen dem schweizerischen Recht unter Ausschluss des Kollisionsrechts. Ausschliesslicher Gerichtsstand ist Zürich. Zwingende Gerichtsstände für Konsumentinnen und Konsumenten (Art. 32 Zivilprozessordnung) bleiben vorbehalten.',
        ],
      },
    ],
  },
};
