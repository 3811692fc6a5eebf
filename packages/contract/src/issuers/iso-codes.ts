/**
 * ISO 3166-1 alpha-3 country codes (the 249 officially assigned) and ISO 4217 active
 * currency codes (without XTS "testing" and XXX "no currency"), embedded so validation does
 * not depend on the runtime's ICU data. Issuer create and update check against these.
 */
export const ISO_3166_ALPHA3 = new Set(
  `AFG ALA ALB DZA ASM AND AGO AIA ATA ATG ARG ARM ABW AUS AUT AZE BHS BHR BGD BRB BLR BEL BLZ
  BEN BMU BTN BOL BES BIH BWA BVT BRA IOT BRN BGR BFA BDI CPV KHM CMR CAN CYM CAF TCD CHL CHN
  CXR CCK COL COM COG COD COK CRI CIV HRV CUB CUW CYP CZE DNK DJI DMA DOM ECU EGY SLV GNQ ERI
  EST SWZ ETH FLK FRO FJI FIN FRA GUF PYF ATF GAB GMB GEO DEU GHA GIB GRC GRL GRD GLP GUM GTM
  GGY GIN GNB GUY HTI HMD VAT HND HKG HUN ISL IND IDN IRN IRQ IRL IMN ISR ITA JAM JPN JEY JOR
  KAZ KEN KIR PRK KOR KWT KGZ LAO LVA LBN LSO LBR LBY LIE LTU LUX MAC MDG MWI MYS MDV MLI MLT
  MHL MTQ MRT MUS MYT MEX FSM MDA MCO MNG MNE MSR MAR MOZ MMR NAM NRU NPL NLD NCL NZL NIC NER
  NGA NIU NFK MKD MNP NOR OMN PAK PLW PSE PAN PNG PRY PER PHL PCN POL PRT PRI QAT REU ROU RUS
  RWA BLM SHN KNA LCA MAF SPM VCT WSM SMR STP SAU SEN SRB SYC SLE SGP SXM SVK SVN SLB SOM ZAF
  SGS SSD ESP LKA SDN SUR SJM SWE CHE SYR TWN TJK TZA THA TLS TGO TKL TON TTO TUN TUR TKM TCA
  TUV UGA UKR ARE GBR USA UMI URY UZB VUT VEN VNM VGB VIR WLF ESH YEM ZMB ZWE`.split(/\s+/),
);

export const ISO_4217_CURRENCIES = new Set(
  `AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN
  BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP
  ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK
  JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK
  MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN
  PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB
  TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG
  XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG ZWL`.split(/\s+/),
);

/**
 * ISO 4217 minor units of the currencies whose amounts are not in hundredths: 0 (yen, won,
 * krónur…), 3 (dinars, rial omani) and 4 (the Chilean and Uruguayan units of account). Every
 * other currency, and a code outside the list, has 2.
 */
const MINOR_UNITS: Readonly<Record<string, 0 | 3 | 4>> = {
  ...Object.fromEntries(
    'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'
      .split(' ')
      .map((c) => [c, 0 as const]),
  ),
  ...Object.fromEntries('BHD IQD JOD KWD LYD OMR TND'.split(' ').map((c) => [c, 3 as const])),
  CLF: 4,
  UYW: 4,
};

/** Digits after the decimal point of an amount in this currency (ISO 4217 minor unit). */
export function currencyMinorUnits(code: string): number {
  return MINOR_UNITS[code.toUpperCase()] ?? 2;
}

/**
 * An amount rounded to its currency's minor unit, half away from zero, for every answer that
 * presents money (stored figures keep their precision; only what is shown is rounded).
 */
export function roundMoney(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) return amount;
  const digits = currencyMinorUnits(currency);
  const text = String(Math.abs(amount));
  // Exponent notation avoids the binary error of amount * 10 ** digits (1.005 → 1.01); a tiny
  // or huge amount already printed in exponent form is scaled arithmetically.
  const scaled = text.includes('e')
    ? Math.round(Math.abs(amount) * 10 ** digits)
    : Math.round(Number(`${text}e${digits}`));
  const rounded = Number(`${scaled}e-${digits}`);
  return amount < 0 && rounded !== 0 ? -rounded : rounded;
}
