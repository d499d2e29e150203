import type { LegalContent } from './types';

const LAST_UPDATED = '2026-11-22';

export const content: LegalContent = {
  privacy: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'La presente informativa spiega quali dati personali Taxli tratta quando lei utilizza la nostra applicazione web per preparare la dichiarazione d’imposta svizzera, per quali scopi e quali diritti le spettano. Trattiamo i dati personali conformemente alla legge federale sulla protezione dei dati (LPD, nLPD) del 25 settembre 2020, in vigore dal 1° settembre 2023, e alla relativa ordinanza (OPDa). Se nei suoi confronti si applica il regolamento generale sulla protezione dei dati dell’UE (RGPD), rispettiamo anche quest’ultimo.',
    ],
    sections: [
      {
        id: 'controller',
        heading: '1. Titolare del trattamento',
        paragraphs: [
          'Taxli è titolare del trattamento descritto nella presente informativa. Per domande sulla protezione dei dati o per esercitare i suoi diritti, ci scriva a privacy@taxli.ch.',
        ],
      },
      {
        id: 'data',
        heading: '2. Dati che trattiamo',
        items: [
          'Dati dell’account: indirizzo e-mail, nome e cognome, numero di telefono con prefisso, lingua preferita e abbonamento.',
          'Dati di accesso e di sicurezza: codici di accesso monouso (conservati solo come hash con chiave segreta), token di sessione e del dispositivo (conservati solo come hash), orari di accesso e di attività e log tecnici, compreso il suo indirizzo IP.',
          'Profilo fiscale: indirizzo fiscale, cantone e comune, stato civile, confessione (per l’imposta di culto), professione e attività lucrativa, figli, immobili, investimenti, previdenza e altre deduzioni.',
          'Numeri d’identificazione: numeri AVS suoi e del coniuge, nonché numeri d’identificazione fiscale.',
          'Documenti fiscali che carica (ad esempio certificati di salario, attestazioni bancarie e assicurative, ricevute) e il loro contenuto.',
          'Messaggi che ci invia.',
        ],
        paragraphs: [
          'Alcuni di questi dati sono dati personali degni di particolare protezione ai sensi dell’art. 5 LPD, ad esempio la sua confessione o dati sulla salute contenuti in fatture mediche. Li trattiamo solo perché lei li indica per la dichiarazione d’imposta, e unicamente per questo scopo.',
        ],
      },
      {
        id: 'purposes',
        heading: '3. Scopi del trattamento',
        items: [
          'Mettere a disposizione il suo account e consentirle di accedere in modo sicuro.',
          'Preparare, verificare e trasmettere la sua dichiarazione d’imposta con le nostre esperte e i nostri esperti fiscali, secondo le sue istruzioni.',
          'Comunicare con lei in merito alla dichiarazione e al nostro servizio.',
          'Garantire la sicurezza del servizio e individuare e prevenire abusi.',
          'Adempiere i nostri obblighi legali, in particolare quelli di conservazione.',
        ],
      },
      {
        id: 'legal-basis',
        heading: '4. Basi giuridiche',
        paragraphs: [
          'Trattiamo i suoi dati secondo i principi della LPD (liceità, buona fede, proporzionalità, limitazione della finalità, esattezza e sicurezza). Ci basiamo sul contratto concluso con lei per il servizio utilizzato, sul suo consenso per i dati degni di particolare protezione che sceglie di fornire, sul nostro interesse legittimo a un servizio sicuro e su obblighi legali. Se si applica il RGPD, le basi giuridiche corrispondenti sono l’art. 6 par. 1 lett. b, a, f e c RGPD e, per le categorie particolari di dati, l’art. 9 par. 2 lett. a RGPD.',
        ],
      },
      {
        id: 'recipients',
        heading: '5. Destinatari dei suoi dati',
        items: [
          'Le esperte e gli esperti fiscali che preparano e verificano la sua dichiarazione. Sono tenuti alla riservatezza e trattano i suoi dati solo per fornire il nostro servizio.',
          'I fornitori di servizi informatici che gestiscono l’applicazione in Svizzera per nostro conto, in qualità di responsabili del trattamento vincolati da contratto (art. 9 LPD).',
          'Le autorità fiscali, solo se lei ci incarica di presentare loro documenti o la dichiarazione.',
          'Autorità e tribunali, se la legge ci obbliga a comunicare dati.',
        ],
        paragraphs: [
          'Non vendiamo mai i suoi dati e non li utilizziamo a scopi pubblicitari. Non comunichiamo dati personali all’estero. Se ciò dovesse diventare necessario, lo faremo solo verso Stati con una protezione adeguata secondo il Consiglio federale o con garanzie appropriate (art. 16 LPD), aggiornando prima la presente informativa.',
        ],
      },
      {
        id: 'security',
        heading: '6. Conservazione e sicurezza',
        paragraphs: [
          'I suoi dati sono conservati in Svizzera. I documenti caricati sono cifrati a riposo (AES-256-GCM, con una chiave distinta per ogni file); i numeri AVS sono cifrati nella banca dati e mostrati mascherati. Tutte le connessioni utilizzano HTTPS. Il personale ha accesso solo a quanto richiesto dal proprio compito e ogni accesso ai suoi dati da parte di persone diverse da lei viene registrato.',
        ],
      },
      {
        id: 'retention',
        heading: '7. Durata di conservazione',
        items: [
          'Documenti fiscali e atti relativi al nostro lavoro sulla sua dichiarazione: 10 anni dalla fine dell’anno fiscale interessato, come richiesto dal diritto svizzero per tali atti (art. 958f del Codice delle obbligazioni).',
          'Dati dell’account: finché il suo account esiste; dopo la cancellazione conserviamo solo quanto la legge ci obbliga a conservare.',
          'I codici di accesso scadono dopo 10 minuti, le sessioni dopo 30 minuti di inattività e al più tardi dopo 12 ore, i token del dispositivo dopo 30 giorni.',
          'Log di sicurezza: al massimo 12 mesi.',
        ],
      },
      {
        id: 'rights',
        heading: '8. I suoi diritti',
        items: [
          'Diritto d’accesso ai suoi dati personali (art. 25 LPD).',
          'Diritto di far rettificare dati inesatti (art. 32 LPD).',
          'Diritto di far cancellare i suoi dati e di opporsi al trattamento, salvo che la legge ci obblighi a conservarli.',
          'Diritto alla consegna e alla trasmissione dei dati: ricevere i dati che ha fornito in un formato elettronico usuale (art. 28 LPD).',
          'Diritto di revocare il consenso in qualsiasi momento, con effetto per il futuro.',
        ],
        paragraphs: [
          'Invii la sua richiesta a privacy@taxli.ch. Potremmo chiederle di dimostrare la sua identità. Rispondiamo entro 30 giorni e, di regola, gratuitamente.',
        ],
      },
      {
        id: 'authority',
        heading: '9. Autorità di vigilanza',
        paragraphs: [
          'Può presentare reclamo all’Incaricato federale della protezione dei dati e della trasparenza (IFPDT), Feldeggweg 1, 3003 Berna, www.edoeb.admin.ch. Se risiede nell’UE o nello SEE, può rivolgersi anche all’autorità di protezione dei dati del suo Paese.',
        ],
      },
      {
        id: 'automated',
        heading: '10. Nessuna decisione automatizzata',
        paragraphs: [
          'Non prendiamo decisioni individuali automatizzate ai sensi dell’art. 21 LPD. Il riconoscimento automatico dei documenti aiuta solo a classificarli; ogni valutazione della sua dichiarazione è effettuata da una persona.',
        ],
      },
      {
        id: 'cookies',
        heading: '11. Cookie e memoria locale',
        paragraphs: [
          'Utilizziamo solo cookie e memoria del browser strettamente necessari, senza alcun tracciamento. I dettagli figurano nella nostra informativa sui cookie.',
        ],
      },
      {
        id: 'changes',
        heading: '12. Modifiche della presente informativa',
        paragraphs: [
          'Possiamo aggiornare la presente informativa quando cambiano il nostro servizio o il diritto. Fa fede la versione pubblicata qui, con la sua data. La informeremo delle modifiche importanti nell’applicazione.',
        ],
      },
    ],
  },

  cookies: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Taxli utilizza solo i cookie e la memoria del browser strettamente necessari per farla accedere, mantenere la sessione e ricordare le sue scelte. Non utilizziamo cookie di analisi, pubblicità o tracciamento e non integriamo contenuti di terzi che potrebbero impostare cookie.',
    ],
    sections: [
      {
        id: 'cookies',
        heading: '1. Cookie',
        table: {
          caption: 'Cookie impostati da Taxli',
          headers: ['Nome', 'Scopo', 'Durata'],
          rows: [
            [
              '__Host-taxli_session',
              'Mantiene attiva la sessione. Solo il nostro server può leggerlo (HttpOnly); viene inviato solo tramite una connessione sicura e solo al sito di Taxli.',
              'Termina dopo 30 minuti di inattività, al più tardi 12 ore dopo l’accesso, e al momento della disconnessione.',
            ],
            [
              '__Host-taxli_remember',
              'Ricorda questo dispositivo affinché la sessione possa essere ripristinata senza un nuovo codice, solo se lo ha scelto al momento dell’accesso. Viene sostituito a ogni utilizzo.',
              '30 giorni; cancellato al momento della disconnessione.',
            ],
          ],
        },
      },
      {
        id: 'local-storage',
        heading: '2. Memoria locale del browser',
        table: {
          caption: 'Voci che Taxli conserva nella memoria locale',
          headers: ['Chiave', 'Scopo', 'Durata'],
          rows: [
            ['i18nextLng', 'La lingua dell’interfaccia che ha scelto.', 'Finché non la cambia o cancella i dati del browser.'],
            [
              'taxli.lastEmail',
              'L’indirizzo e-mail dell’ultimo accesso, per precompilare il modulo di accesso.',
              'Finché non cancella i dati del browser.',
            ],
            [
              'taxli.loggedOut',
              'Registra che si è disconnesso/a, affinché l’applicazione non ripristini automaticamente la sessione.',
              'Fino al prossimo accesso.',
            ],
          ],
        },
      },
      {
        id: 'no-tracking',
        heading: '3. Nessun tracciamento',
        paragraphs: [
          'Non creiamo profili, non misuriamo il suo utilizzo dell’applicazione con strumenti di terzi e non condividiamo dati dei cookie. Poiché tutti i cookie sono strettamente necessari al servizio da lei richiesto, vengono impostati senza banner di consenso.',
        ],
      },
      {
        id: 'control',
        heading: '4. Il suo controllo',
        paragraphs: [
          'Può cancellare in qualsiasi momento i cookie e la memoria locale nelle impostazioni del browser. Se blocca il cookie di sessione, non può accedere a Taxli.',
        ],
      },
      {
        id: 'contact',
        heading: '5. Contatto',
        paragraphs: [
          'Domande su questa informativa: privacy@taxli.ch. Per saperne di più sui suoi dati, consulti la nostra informativa sulla protezione dei dati.',
        ],
      },
    ],
  },

  terms: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Le presenti condizioni generali disciplinano l’utilizzo dell’applicazione web Taxli. Le accetta completando il suo profilo. La preghiamo di leggerle attentamente.',
    ],
    sections: [
      {
        id: 'scope',
        heading: '1. Campo d’applicazione e fornitore',
        paragraphs: [
          'Taxli («noi») offre un servizio online che aiuta le persone private domiciliate o assoggettate all’imposta in Svizzera a preparare la dichiarazione d’imposta. Le presenti condizioni si applicano a ogni utilizzo del servizio. Condizioni divergenti degli utenti non si applicano.',
        ],
      },
      {
        id: 'service',
        heading: '2. Il nostro servizio',
        paragraphs: [
          'Nell’applicazione lei gestisce il profilo e il profilo fiscale, carica i documenti fiscali per categoria, segue lo stato della dichiarazione e trasmette i documenti alle nostre esperte e ai nostri esperti fiscali, che su questa base preparano la dichiarazione. Il riconoscimento automatico dei documenti aiuta a classificarli, ma non sostituisce l’esame da parte di una persona. Presentiamo documenti o una dichiarazione a un’autorità fiscale solo su sua esplicita istruzione e, se necessario, con la sua procura firmata.',
        ],
      },
      {
        id: 'account',
        heading: '3. Account e accesso',
        paragraphs: [
          'Accede con il suo indirizzo e-mail e un codice monouso che inviamo a tale indirizzo. Protegga l’accesso alla sua casella di posta e non comunichi mai i codici. Un account è personale. Ci segnali immediatamente qualsiasi sospetto di abuso a privacy@taxli.ch.',
        ],
      },
      {
        id: 'duties',
        heading: '4. I suoi obblighi',
        items: [
          'Fornire tempestivamente informazioni complete e veritiere e tutti i documenti rilevanti.',
          'Verificare la dichiarazione da noi preparata prima di firmarla e presentarla. In qualità di contribuente, lei resta responsabile della dichiarazione nei confronti dell’autorità fiscale.',
          'Rispettare i termini di presentazione o chiedere per tempo una proroga all’autorità fiscale.',
          'Caricare solo documenti relativi alla dichiarazione, senza contenuti illeciti né software dannoso.',
        ],
      },
      {
        id: 'experts',
        heading: '5. Ruolo delle esperte e degli esperti fiscali',
        paragraphs: [
          'Esperte ed esperti fiscali qualificati preparano e verificano la dichiarazione sulla base delle informazioni e dei documenti da lei forniti. Non verificano l’autenticità né la completezza dei documenti e la loro valutazione si limita ai fatti a loro noti. Trattano i suoi dati in modo confidenziale.',
        ],
      },
      {
        id: 'plans',
        heading: '6. Abbonamenti e prezzi',
        paragraphs: [
          'Offriamo un abbonamento Basic e uno Premium. Un controllo formale della dichiarazione completa da parte dei nostri specialisti è incluso solo nell’abbonamento Premium. I prezzi delle prestazioni a pagamento le vengono mostrati nell’applicazione prima dell’ordine, in franchi svizzeri IVA inclusa. Nulla viene fatturato senza la sua conferma.',
        ],
      },
      {
        id: 'liability',
        heading: '7. Responsabilità',
        paragraphs: [
          'Rispondiamo dei danni causati intenzionalmente o per negligenza grave. Nella misura consentita dalla legge (art. 100 del Codice delle obbligazioni), è esclusa la responsabilità per negligenza lieve nonché per danni indiretti e consequenziali. Non rispondiamo delle conseguenze di informazioni o documenti incompleti, inesatti o tardivi da parte sua, delle tassazioni delle autorità fiscali né, salvo che utilizzi l’abbonamento Premium, della correttezza formale della dichiarazione. È fatta salva la responsabilità imperativa, in particolare per danni alla persona.',
        ],
      },
      {
        id: 'availability',
        heading: '8. Disponibilità',
        paragraphs: [
          'Miriamo a un’elevata disponibilità ma non possiamo garantire un funzionamento ininterrotto. Gli interventi di manutenzione si svolgono, per quanto possibile, in orari di basso utilizzo.',
        ],
      },
      {
        id: 'privacy',
        heading: '9. Protezione dei dati',
        paragraphs: [
          'Trattiamo i suoi dati personali conformemente alla legge federale sulla protezione dei dati. I dettagli figurano nella nostra informativa sulla protezione dei dati.',
        ],
      },
      {
        id: 'termination',
        heading: '10. Disdetta',
        paragraphs: [
          'Può smettere di utilizzare il servizio e far cancellare il suo account in qualsiasi momento. Possiamo sospendere o chiudere un account utilizzato in modo abusivo o contrario alle presenti condizioni. I dati che la legge ci obbliga a conservare sono mantenuti come descritto nell’informativa sulla protezione dei dati.',
        ],
      },
      {
        id: 'changes',
        heading: '11. Modifiche',
        paragraphs: [
          'Possiamo modificare le presenti condizioni. Una nuova versione le viene presentata nell’applicazione per l’accettazione; se non la accetta, può cessare l’utilizzo del servizio.',
        ],
      },
      {
        id: 'law',
        heading: '12. Diritto applicabile e foro',
        paragraphs: [
          'Le presenti condizioni sono rette dal diritto svizzero, escluse le norme di conflitto. Il foro esclusivo è Zurigo. Sono fatti salvi i fori imperativi per i consumatori (art. 32 del Codice di procedura civile).',
        ],
      },
    ],
  },
};
