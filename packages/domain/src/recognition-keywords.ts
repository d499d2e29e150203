/**
 * The words that tell a document's category (issue 29), in the four languages a Swiss document is
 * written in. Keys are category ids from categories.ts. Each keyword belongs to one category only
 * (a test says so): a word that could mean two categories tells nothing.
 *
 * Matching (document-recognition.ts) ignores case, accents and punctuation ("Säule-3a" is
 * "saule 3a"). German words also match as the start of a longer word, since German writes
 * compounds and inflections in one word ("Krankenkassenprämie", "Kontoauszüge"); the other
 * languages match whole words, so their plural forms are listed.
 */
export const RECOGNITION_LANGUAGES = ['de', 'fr', 'it', 'en'] as const;
export type RecognitionLanguage = (typeof RECOGNITION_LANGUAGES)[number];

export type CategoryKeywords = Readonly<Record<number, Readonly<Record<RecognitionLanguage, readonly string[]>>>>;

export const categoryKeywords: CategoryKeywords = {
  // Bank Documents (an e-tax statement read only as words lands here too)
  1: {
    de: ['kontoauszug', 'bankauszug', 'kontosaldo', 'kontoabschluss', 'steuerauszug', 'e-steuerauszug', 'zinsabschluss'],
    fr: ['relevé de compte', 'relevés de compte', 'extrait de compte', 'extraits de compte', 'relevé bancaire', 'solde du compte', 'relevé fiscal'],
    it: ['estratto conto', 'estratti conto', 'estratto bancario', 'saldo del conto', 'estratto fiscale'],
    en: ['bank statement', 'bank statements', 'account statement', 'statement of account', 'account balance', 'tax statement'],
  },
  // Insurance Certificates (health insurance premiums above all)
  2: {
    de: ['krankenkasse', 'krankenversicherung', 'prämienbestätigung', 'prämienübersicht', 'versicherungsprämie', 'versicherungsnachweis', 'grundversicherung'],
    fr: ['assurance-maladie', 'caisse-maladie', 'attestation de primes', 'primes d assurance'],
    it: ['cassa malati', 'cassa malattia', 'assicurazione malattia', 'premi assicurativi', 'attestazione dei premi', 'premio assicurativo'],
    en: ['health insurance', 'insurance premium', 'insurance premiums', 'insurance certificate', 'premium statement'],
  },
  // Proof of Professional Expenses
  3: {
    de: ['berufsauslagen', 'berufskosten', 'berufsauslage'],
    fr: ['frais professionnels', 'frais de repas'],
    it: ['spese professionali', 'spese di vitto'],
    en: ['professional expenses', 'work expenses', 'business expenses'],
  },
  // Salary Statement
  5: {
    de: ['lohnausweis', 'lohnabrechnung', 'bruttolohn', 'nettolohn', 'lohnbescheinigung', 'jahreslohn'],
    fr: ['certificat de salaire', 'certificats de salaire', 'salaire brut', 'salaire net', 'fiche de salaire', 'décompte de salaire'],
    it: ['certificato di salario', 'certificati di salario', 'salario lordo', 'salario netto', 'busta paga', 'conteggio salario'],
    en: ['salary certificate', 'salary statement', 'gross salary', 'net salary', 'payslip', 'pay slip', 'gross pay'],
  },
  // Transport
  21: {
    de: ['generalabonnement', 'halbtax', 'fahrkosten', 'streckenabonnement', 'verbundabonnement'],
    fr: ['abonnement général', 'frais de transport', 'frais de déplacement'],
    it: ['abbonamento generale', 'spese di trasporto', 'metà-prezzo'],
    en: ['travelcard', 'travel pass', 'commuting costs', 'transport costs', 'season ticket'],
  },
  // Securities account statement
  10: {
    de: ['wertschriften', 'depotauszug', 'vermögensausweis', 'depotbewertung', 'vermögensverzeichnis'],
    fr: ['titres', 'relevé de dépôt', 'dépôt de titres', 'état des titres', 'relevé de fortune'],
    it: ['titoli', 'deposito titoli', 'estratto deposito', 'stato patrimoniale', 'estratto patrimoniale'],
    en: ['securities', 'custody account', 'portfolio statement', 'securities account', 'statement of assets'],
  },
  // Dividend and interest statements
  11: {
    de: ['dividende', 'dividendenausschüttung', 'zinsausweis', 'zinsertrag', 'ertragsabrechnung', 'verrechnungssteuer'],
    fr: ['dividende', 'dividendes', 'intérêts créditeurs', 'impôt anticipé', 'avis de dividende'],
    it: ['dividendo', 'dividendi', 'interessi attivi', 'imposta preventiva'],
    en: ['dividend', 'dividends', 'interest statement', 'interest income', 'withholding tax'],
  },
  // Cryptocurrency and other assets
  12: {
    de: ['kryptowährung', 'kryptowährungen'],
    fr: ['cryptomonnaie', 'cryptomonnaies', 'crypto-monnaie', 'crypto-monnaies'],
    it: ['criptovaluta', 'criptovalute'],
    en: ['cryptocurrency', 'cryptocurrencies', 'bitcoin', 'ethereum'],
  },
  // Property tax valuation
  13: {
    de: ['eigenmietwert', 'liegenschaftsschätzung', 'amtlicher wert', 'vermögenssteuerwert'],
    fr: ['valeur locative', 'estimation fiscale', 'valeur officielle'],
    it: ['valore locativo', 'stima ufficiale', 'valore di stima'],
    en: ['imputed rental value', 'property valuation', 'official valuation'],
  },
  // Mortgage interest statement
  14: {
    de: ['hypothek', 'hypothekarzins', 'hypothekarkredit'],
    fr: ['hypothèque', 'hypothécaire', 'intérêts hypothécaires', 'prêt hypothécaire'],
    it: ['ipoteca', 'ipotecario', 'interessi ipotecari', 'mutuo ipotecario'],
    en: ['mortgage', 'mortgage interest'],
  },
  // Maintenance and renovation invoices
  15: {
    de: ['unterhaltskosten', 'renovation', 'sanierung', 'liegenschaftsunterhalt'],
    fr: ['frais d entretien', 'rénovation', 'travaux d entretien'],
    it: ['spese di manutenzione', 'ristrutturazione', 'lavori di manutenzione'],
    en: ['maintenance costs', 'renovation', 'repair invoice'],
  },
  // Rental income statement (rent)
  16: {
    de: ['mietzins', 'mieteinnahmen', 'mietertrag', 'mietzinsabrechnung', 'mietvertrag'],
    fr: ['loyer', 'loyers', 'revenus locatifs', 'état locatif', 'bail à loyer'],
    it: ['pigione', 'pigioni', 'affitto', 'redditi locativi', 'contratto di locazione'],
    en: ['rent', 'rental income', 'rent roll', 'tenancy agreement', 'lease'],
  },
  // Pillar 3a certificate
  22: {
    de: ['säule 3a', 'gebundene vorsorge', 'vorsorgekonto 3a'],
    fr: ['pilier 3a', 'prévoyance liée', 'troisième pilier'],
    it: ['pilastro 3a', 'previdenza vincolata', 'terzo pilastro'],
    en: ['pillar 3a', 'tied pension', 'third pillar'],
  },
  // Donation receipts
  23: {
    de: ['spende', 'spendenbestätigung', 'spendenbescheinigung', 'zuwendungsbestätigung', 'gönnerbeitrag'],
    fr: ['dons', 'attestation de don', 'reçu de don', 'donation'],
    it: ['donazione', 'donazioni', 'erogazione liberale', 'erogazioni liberali'],
    en: ['donation', 'donations', 'donation receipt', 'charitable contribution'],
  },
  // Medical and dental expenses
  24: {
    de: ['arztrechnung', 'zahnarzt', 'arztkosten', 'krankheitskosten', 'zahnbehandlung', 'apotheke'],
    fr: ['frais médicaux', 'dentiste', 'facture médicale', 'pharmacie', 'soins dentaires'],
    it: ['spese mediche', 'dentista', 'fattura medica', 'farmacia', 'cure dentarie'],
    en: ['medical expenses', 'dentist', 'dental treatment', 'pharmacy', 'medical invoice'],
  },
  // Further education costs
  25: {
    de: ['weiterbildung', 'kursgebühr', 'kursrechnung', 'umschulung'],
    fr: ['formation continue', 'frais de formation', 'frais de cours'],
    it: ['formazione continua', 'spese di formazione', 'tassa del corso'],
    en: ['further education', 'tuition', 'course fee', 'course fees'],
  },
  // Children: birth certificate
  31: {
    de: ['geburtsurkunde', 'geburtsschein'],
    fr: ['acte de naissance'],
    it: ['atto di nascita'],
    en: ['birth certificate'],
  },
  // Children: childcare expenses
  32: {
    de: ['kinderbetreuung', 'kinderkrippe', 'kindertagesstätte', 'tagesmutter', 'tagesfamilie'],
    fr: ['garde d enfants', 'crèche', 'crèches', 'accueil extrafamilial'],
    it: ['custodia dei figli', 'asilo nido', 'custodia extrafamiliare'],
    en: ['childcare', 'child care', 'daycare', 'day care', 'nursery'],
  },
  // Children: education confirmation
  33: {
    de: ['ausbildungsbestätigung', 'schulbestätigung', 'immatrikulationsbestätigung', 'studienbestätigung'],
    fr: ['attestation d études', 'attestation de formation', 'immatriculation'],
    it: ['attestato di studio', 'attestato di frequenza', 'immatricolazione'],
    en: ['enrolment certificate', 'enrollment certificate', 'proof of enrolment', 'proof of enrollment'],
  },
  // Children: alimony payments
  35: {
    de: ['unterhaltsbeitrag', 'unterhaltsbeiträge', 'alimente'],
    fr: ['pension alimentaire', 'contribution d entretien', 'contributions d entretien'],
    it: ['alimenti', 'contributo di mantenimento', 'contributi di mantenimento'],
    en: ['alimony', 'child support'],
  },
  // Power of attorney (signed)
  39: {
    de: ['vollmacht'],
    fr: ['procuration'],
    it: ['procura'],
    en: ['power of attorney'],
  },
  // Previous tax assessments
  41: {
    de: ['veranlagungsverfügung', 'steuerveranlagung', 'veranlagungsentscheid', 'steuerrechnung'],
    fr: ['décision de taxation', 'avis de taxation', 'bordereau d impôt'],
    it: ['decisione di tassazione', 'notifica di tassazione', 'avviso di tassazione'],
    en: ['tax assessment', 'assessment notice', 'notice of assessment'],
  },
};
