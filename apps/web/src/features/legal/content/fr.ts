import type { LegalContent } from './types';

const LAST_UPDATED = '2026-11-22';

export const content: LegalContent = {
  privacy: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Cette politique explique quelles données personnelles Taxli traite lorsque vous utilisez notre application web pour préparer votre déclaration d’impôt suisse, pourquoi nous le faisons et quels sont vos droits. Nous traitons les données personnelles conformément à la loi fédérale sur la protection des données (LPD, nLPD) du 25 septembre 2020, en vigueur depuis le 1er septembre 2023, et à son ordonnance (OPDo). Lorsque le règlement général sur la protection des données de l’UE (RGPD) s’applique à vous, nous le respectons également.',
    ],
    sections: [
      {
        id: 'controller',
        heading: '1. Responsable du traitement',
        paragraphs: [
          'Taxli est responsable du traitement décrit dans la présente politique. Pour toute question relative à la protection des données ou pour exercer vos droits, écrivez-nous à privacy@taxli.ch.',
        ],
      },
      {
        id: 'data',
        heading: '2. Données que nous traitons',
        items: [
          'Données du compte : adresse e-mail, prénom et nom, numéro de téléphone avec indicatif, langue préférée et abonnement.',
          'Données de connexion et de sécurité : codes de connexion à usage unique (conservés uniquement sous forme de hachage à clé secrète), jetons de session et d’appareil (conservés uniquement sous forme de hachage), heures de connexion et d’activité, ainsi que journaux techniques incluant votre adresse IP.',
          'Profil fiscal : adresse fiscale, canton et commune, état civil, confession (pour l’impôt ecclésiastique), profession et activité lucrative, enfants, immeubles, placements, prévoyance et autres déductions.',
          'Numéros d’identification : numéros AVS de vous-même et de votre conjoint ou conjointe, ainsi que numéros d’identification fiscale.',
          'Documents fiscaux que vous téléversez (par exemple certificats de salaire, attestations bancaires et d’assurance, justificatifs) et leur contenu.',
          'Messages que vous nous envoyez.',
        ],
        paragraphs: [
          'Certaines de ces données sont sensibles au sens de l’art. 5 LPD, par exemple votre confession ou des données de santé figurant sur des factures médicales. Nous ne les traitons que parce que vous les indiquez pour votre déclaration d’impôt, et uniquement à cette fin.',
        ],
      },
      {
        id: 'purposes',
        heading: '3. Finalités du traitement',
        items: [
          'Mettre votre compte à disposition et vous connecter de manière sécurisée.',
          'Préparer, contrôler et transmettre votre déclaration d’impôt avec nos expertes et experts fiscaux, selon vos instructions.',
          'Communiquer avec vous au sujet de votre déclaration et de notre service.',
          'Assurer la sécurité du service, détecter et prévenir les abus.',
          'Remplir nos obligations légales, notamment de conservation.',
        ],
      },
      {
        id: 'legal-basis',
        heading: '4. Bases juridiques',
        paragraphs: [
          'Nous traitons vos données selon les principes de la LPD (licéité, bonne foi, proportionnalité, limitation des finalités, exactitude et sécurité). Nous nous fondons sur le contrat conclu avec vous pour le service utilisé, sur votre consentement pour les données sensibles que vous choisissez de fournir, sur notre intérêt légitime à un service sûr et sur des obligations légales. Lorsque le RGPD s’applique, les bases juridiques correspondantes sont l’art. 6, par. 1, let. b, a, f et c RGPD et, pour les catégories particulières de données, l’art. 9, par. 2, let. a RGPD.',
        ],
      },
      {
        id: 'recipients',
        heading: '5. Destinataires de vos données',
        items: [
          'Les expertes et experts fiscaux qui préparent et contrôlent votre déclaration. Ils sont tenus au secret et ne traitent vos données que pour fournir notre service.',
          'Les prestataires informatiques qui exploitent l’application en Suisse pour notre compte, en tant que sous-traitants liés par contrat (art. 9 LPD).',
          'Les autorités fiscales, uniquement lorsque vous nous chargez de leur remettre des documents ou votre déclaration.',
          'Les autorités et tribunaux, lorsque la loi nous oblige à communiquer des données.',
        ],
        paragraphs: [
          'Nous ne vendons jamais vos données et ne les utilisons pas à des fins publicitaires. Nous ne communiquons aucune donnée personnelle à l’étranger. Si cela devait devenir nécessaire, nous ne le ferions que vers des États offrant une protection adéquate selon le Conseil fédéral ou moyennant des garanties appropriées (art. 16 LPD), et nous adapterions au préalable la présente politique.',
        ],
      },
      {
        id: 'security',
        heading: '6. Stockage et sécurité',
        paragraphs: [
          'Vos données sont stockées en Suisse. Les documents téléversés sont chiffrés au repos (AES-256-GCM, avec une clé distincte par fichier) ; les numéros AVS sont chiffrés dans la base de données et affichés masqués. Toutes les connexions utilisent HTTPS. Le personnel n’a accès qu’à ce que sa tâche exige, et tout accès à vos données par une autre personne que vous est journalisé.',
        ],
      },
      {
        id: 'retention',
        heading: '7. Durée de conservation',
        items: [
          'Documents fiscaux et pièces relatives à notre travail sur votre déclaration : 10 ans après la fin de l’année fiscale concernée, comme l’exige le droit suisse pour de telles pièces (art. 958f du Code des obligations).',
          'Données du compte : tant que votre compte existe ; après sa suppression, nous ne conservons que ce que la loi nous oblige à garder.',
          'Les codes de connexion expirent après 10 minutes, les sessions après 30 minutes d’inactivité et au plus tard après 12 heures, les jetons d’appareil après 30 jours.',
          'Journaux de sécurité : 12 mois au maximum.',
        ],
      },
      {
        id: 'rights',
        heading: '8. Vos droits',
        items: [
          'Droit d’accès à vos données personnelles (art. 25 LPD).',
          'Droit de faire rectifier des données inexactes (art. 32 LPD).',
          'Droit de faire effacer vos données et de vous opposer au traitement, sauf si la loi nous oblige à les conserver.',
          'Droit à la remise et à la transmission des données : recevoir les données que vous avez fournies dans un format électronique courant (art. 28 LPD).',
          'Droit de retirer votre consentement à tout moment, avec effet pour l’avenir.',
        ],
        paragraphs: [
          'Adressez votre demande à privacy@taxli.ch. Nous pouvons vous demander de justifier de votre identité. Nous répondons dans un délai de 30 jours et, en règle générale, gratuitement.',
        ],
      },
      {
        id: 'authority',
        heading: '9. Autorité de surveillance',
        paragraphs: [
          'Vous pouvez déposer une plainte auprès du Préposé fédéral à la protection des données et à la transparence (PFPDT), Feldeggweg 1, 3003 Berne, www.edoeb.admin.ch. Si vous résidez dans l’UE ou l’EEE, vous pouvez aussi vous adresser à l’autorité de protection des données de votre pays.',
        ],
      },
      {
        id: 'automated',
        heading: '10. Aucune décision automatisée',
        paragraphs: [
          'Nous ne prenons aucune décision individuelle automatisée au sens de l’art. 21 LPD. La reconnaissance automatique des documents aide seulement à les classer ; toute appréciation de votre déclaration est faite par une personne.',
        ],
      },
      {
        id: 'cookies',
        heading: '11. Cookies et stockage local',
        paragraphs: [
          'Nous n’utilisons que des cookies et un stockage du navigateur strictement nécessaires, sans aucun suivi. Les détails figurent dans notre politique relative aux cookies.',
        ],
      },
      {
        id: 'changes',
        heading: '12. Modifications de la présente politique',
        paragraphs: [
          'Nous pouvons adapter cette politique lorsque notre service ou le droit évolue. La version publiée ici, avec sa date, fait foi. Nous vous informons des modifications importantes dans l’application.',
        ],
      },
    ],
  },

  cookies: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Taxli n’utilise que les cookies et le stockage du navigateur strictement nécessaires pour vous connecter, maintenir votre session et mémoriser vos choix. Nous n’utilisons aucun cookie d’analyse, de publicité ou de suivi et n’intégrons aucun contenu de tiers susceptible de déposer des cookies.',
    ],
    sections: [
      {
        id: 'cookies',
        heading: '1. Cookies',
        table: {
          caption: 'Cookies déposés par Taxli',
          headers: ['Nom', 'Finalité', 'Durée'],
          rows: [
            [
              '__Host-taxli_session',
              'Maintient votre session. Seul notre serveur peut le lire (HttpOnly) ; il n’est envoyé que par une connexion sécurisée et uniquement au site de Taxli.',
              'Prend fin après 30 minutes d’inactivité, au plus tard 12 heures après la connexion, et lors de la déconnexion.',
            ],
            [
              '__Host-taxli_remember',
              'Mémorise cet appareil afin que votre session puisse être rétablie sans nouveau code, uniquement si vous l’avez choisi lors de la connexion. Il est remplacé à chaque utilisation.',
              '30 jours ; supprimé lors de la déconnexion.',
            ],
          ],
        },
      },
      {
        id: 'local-storage',
        heading: '2. Stockage local de votre navigateur',
        table: {
          caption: 'Entrées que Taxli conserve dans le stockage local',
          headers: ['Clé', 'Finalité', 'Durée'],
          rows: [
            ['i18nextLng', 'La langue de l’interface que vous avez choisie.', 'Jusqu’à ce que vous la changiez ou effaciez les données du navigateur.'],
            [
              'taxli.lastEmail',
              'L’adresse e-mail de votre dernière connexion, pour préremplir le formulaire de connexion.',
              'Jusqu’à ce que vous effaciez les données du navigateur.',
            ],
            [
              'taxli.loggedOut',
              'Indique que vous vous êtes déconnecté, afin que l’application ne rétablisse pas automatiquement votre session.',
              'Jusqu’à votre prochaine connexion.',
            ],
          ],
        },
      },
      {
        id: 'no-tracking',
        heading: '3. Aucun suivi',
        paragraphs: [
          'Nous n’établissons pas de profil, ne mesurons pas votre utilisation de l’application avec des outils de tiers et ne partageons aucune donnée de cookies. Comme tous les cookies sont strictement nécessaires au service que vous demandez, ils sont déposés sans bandeau de consentement.',
        ],
      },
      {
        id: 'control',
        heading: '4. Votre contrôle',
        paragraphs: [
          'Vous pouvez supprimer à tout moment les cookies et le stockage local dans les réglages de votre navigateur. Si vous bloquez le cookie de session, vous ne pouvez pas vous connecter à Taxli.',
        ],
      },
      {
        id: 'contact',
        heading: '5. Contact',
        paragraphs: [
          'Questions sur cette politique : privacy@taxli.ch. Pour en savoir plus sur vos données, consultez notre politique de protection des données.',
        ],
      },
    ],
  },

  terms: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Les présentes conditions générales régissent l’utilisation de l’application web Taxli. Vous les acceptez en complétant votre profil. Veuillez les lire attentivement.',
    ],
    sections: [
      {
        id: 'scope',
        heading: '1. Champ d’application et prestataire',
        paragraphs: [
          'Taxli (« nous ») propose un service en ligne qui aide les particuliers domiciliés ou assujettis à l’impôt en Suisse à préparer leur déclaration d’impôt. Les présentes conditions s’appliquent à toute utilisation du service. Les conditions divergentes des utilisatrices et utilisateurs ne s’appliquent pas.',
        ],
      },
      {
        id: 'service',
        heading: '2. Notre service',
        paragraphs: [
          'Dans l’application, vous tenez votre profil et votre profil fiscal, téléversez vos documents fiscaux par catégorie, suivez l’état de votre déclaration et transmettez vos documents à nos expertes et experts fiscaux, qui préparent votre déclaration sur cette base. La reconnaissance automatique des documents aide à les classer mais ne remplace pas l’examen par une personne. Nous ne remettons des documents ou une déclaration à une autorité fiscale que sur votre instruction expresse et, si nécessaire, avec votre procuration signée.',
        ],
      },
      {
        id: 'account',
        heading: '3. Compte et connexion',
        paragraphs: [
          'Vous vous connectez avec votre adresse e-mail et un code à usage unique que nous y envoyons. Protégez l’accès à votre messagerie et ne communiquez jamais de codes. Un compte est personnel. Signalez-nous immédiatement tout soupçon d’abus à privacy@taxli.ch.',
        ],
      },
      {
        id: 'duties',
        heading: '4. Vos obligations',
        items: [
          'Fournir à temps des informations complètes et véridiques ainsi que tous les documents pertinents.',
          'Contrôler la déclaration que nous préparons avant de la signer et de la déposer. En tant que contribuable, vous restez responsable de votre déclaration envers l’autorité fiscale.',
          'Respecter les délais de dépôt ou demander à temps une prolongation à l’autorité fiscale.',
          'Ne téléverser que des documents concernant votre déclaration, et aucun contenu illicite ni logiciel malveillant.',
        ],
      },
      {
        id: 'experts',
        heading: '5. Rôle des expertes et experts fiscaux',
        paragraphs: [
          'Des expertes et experts fiscaux qualifiés préparent et contrôlent votre déclaration sur la base des informations et documents que vous fournissez. Ils ne vérifient pas l’authenticité ni l’exhaustivité de vos documents, et leur appréciation se limite aux faits qui leur sont connus. Ils traitent vos données de manière confidentielle.',
        ],
      },
      {
        id: 'plans',
        heading: '6. Abonnements et prix',
        paragraphs: [
          'Nous proposons un abonnement Basic et un abonnement Premium. Un contrôle formel de votre déclaration complète par nos spécialistes n’est inclus que dans l’abonnement Premium. Les prix des prestations payantes vous sont affichés dans l’application avant la commande, en francs suisses TVA comprise. Rien n’est facturé sans votre confirmation.',
        ],
      },
      {
        id: 'liability',
        heading: '7. Responsabilité',
        paragraphs: [
          'Nous répondons des dommages causés intentionnellement ou par négligence grave. Dans la mesure permise par la loi (art. 100 du Code des obligations), la responsabilité pour négligence légère ainsi que pour les dommages indirects et consécutifs est exclue. Nous ne répondons pas des conséquences d’informations ou de documents incomplets, inexacts ou tardifs de votre part, des taxations des autorités fiscales ni, sauf si vous utilisez l’abonnement Premium, de l’exactitude formelle de la déclaration. La responsabilité impérative, notamment pour les dommages corporels, est réservée.',
        ],
      },
      {
        id: 'availability',
        heading: '8. Disponibilité',
        paragraphs: [
          'Nous visons une haute disponibilité mais ne pouvons garantir un fonctionnement ininterrompu. Les travaux de maintenance ont lieu si possible à des heures de faible utilisation.',
        ],
      },
      {
        id: 'privacy',
        heading: '9. Protection des données',
        paragraphs: [
          'Nous traitons vos données personnelles conformément à la loi fédérale sur la protection des données. Les détails figurent dans notre politique de protection des données.',
        ],
      },
      {
        id: 'termination',
        heading: '10. Résiliation',
        paragraphs: [
          'Vous pouvez cesser d’utiliser le service et faire supprimer votre compte à tout moment. Nous pouvons suspendre ou fermer un compte utilisé de manière abusive ou contraire aux présentes conditions. Les données que la loi nous oblige à conserver le sont comme décrit dans la politique de protection des données.',
        ],
      },
      {
        id: 'changes',
        heading: '11. Modifications',
        paragraphs: [
          'Nous pouvons modifier les présentes conditions. Une nouvelle version vous est présentée dans l’application pour acceptation ; si vous ne l’acceptez pas, vous pouvez mettre fin à l’utilisation du service.',
        ],
      },
      {
        id: 'law',
        heading: '12. Droit applicable et for',
        paragraphs: [
          'Les présentes conditions sont régies par le droit suisse, à l’exclusion des règles de conflit de lois. Le for exclusif est Zurich. Les fors impératifs en faveur des consommateurs (art. 32 du Code de procédure civile) sont réservés.',
        ],
      },
    ],
  },
};
