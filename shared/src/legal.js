/** @import { Lang, LegalTexts } from './index.js' */

// The legal sentences the site shows, as a new site starts with them. They are content: an
// accountant edits them in Settings, because the law's wording and section numbers change (the
// Income-tax Act, 2025 renumbers the sections from April 2026). Each `_hi` is the Hindi.

/** @type {LegalTexts} */
export const defaultLegalTexts = {
  receipt_title: 'Receipt for a donation under section 80G of the Income-tax Act, 1961',
  receipt_statement: 'This donation qualifies for deduction under section 80G of the Income-tax Act, 1961{registration}.',
  receipt_mail: 'Your receipt under section 80G of the Income-tax Act is ready.',
  receipt_mail_hi: 'आयकर अधिनियम की धारा 80G के तहत आपकी रसीद तैयार है।',
  foreign_source:
    'Foreign citizens, OCI and PIO card holders count as a foreign source under the Foreign Contribution (Regulation) Act, 2010; an Indian citizen living abroad (NRI) does not.',
  foreign_source_hi:
    'विदेशी अंशदान (विनियमन) अधिनियम, 2010 के तहत विदेशी नागरिक, OCI और PIO कार्डधारक विदेशी स्रोत माने जाते हैं; विदेश में रहने वाले भारतीय नागरिक (NRI) नहीं।',
  fcra_refusal:
    'We are sorry: we cannot accept gifts from a foreign source yet. Under the Foreign Contribution (Regulation) Act, 2010, money from foreign citizens, OCI and PIO card holders may only be received by an organisation registered under it, and we are not. If you are an Indian citizen living abroad, please choose Indian.',
  fcra_refusal_hi:
    'क्षमा करें: हम अभी विदेशी स्रोत से दान स्वीकार नहीं कर सकते। विदेशी अंशदान (विनियमन) अधिनियम, 2010 के तहत विदेशी नागरिकों, OCI और PIO कार्डधारकों से धन केवल वही संस्था ले सकती है जो इसके तहत पंजीकृत हो, और हम पंजीकृत नहीं हैं। यदि आप विदेश में रहने वाले भारतीय नागरिक हैं, तो कृपया भारतीय चुनें।',
  fcra_account_note:
    'Money from a foreign source may only be received into our FCRA account at the State Bank of India, New Delhi Main Branch (FCRA registration {fcra}). Please pay by bank transfer into this account, not by UPI, and tell us your country and passport number when you report the payment.',
  fcra_account_note_hi:
    'विदेशी स्रोत से धन केवल भारतीय स्टेट बैंक, नई दिल्ली मुख्य शाखा में हमारे FCRA खाते में ही लिया जा सकता है (FCRA पंजीकरण {fcra})। कृपया UPI से नहीं, इसी खाते में बैंक ट्रांसफ़र से भुगतान करें, और भुगतान की जानकारी देते समय अपना देश और पासपोर्ट नंबर बताएँ।',
  form10be_subject: 'Your Form 10BE certificate of donation for {fy}',
  form10be_subject_hi: '{fy} के लिए आपका फ़ॉर्म 10BE दान प्रमाणपत्र',
  form10be_mail:
    'Attached is your certificate of donation in Form 10BE for the financial year {fy}, which the income-tax portal issued after {org} filed its statement of donations in Form 10BD. Please keep it with your tax papers: the deduction you claim under section 80G of the Income-tax Act is checked against it.',
  form10be_mail_hi:
    'साथ में वित्तीय वर्ष {fy} के लिए फ़ॉर्म 10BE में आपका दान प्रमाणपत्र है, जिसे आयकर पोर्टल ने {org} द्वारा फ़ॉर्म 10BD में दान का विवरण दाखिल करने के बाद जारी किया है। कृपया इसे अपने कर काग़ज़ात के साथ रखें: आयकर अधिनियम की धारा 80G के तहत आपकी कटौती इसी से जाँची जाती है।',
  fc_accounts_note:
    'As Rule 13 of the Foreign Contribution (Regulation) Rules, 2011 asks, the accounts of the foreign contributions we receive (income and expenditure, receipts and payments, balance sheet) are published here within nine months of the end of each financial year.',
  fc_accounts_note_hi:
    'विदेशी अंशदान (विनियमन) नियम, 2011 के नियम 13 के अनुसार, हमें मिले विदेशी अंशदान का हिसाब (आय और व्यय, प्राप्ति और भुगतान, तुलन पत्र) हर वित्तीय वर्ष की समाप्ति के नौ महीनों के भीतर यहाँ प्रकाशित किया जाता है।',
  guardian_consent:
    "Under the Digital Personal Data Protection Act, 2023 and its Rules of 2025, we keep the details of a volunteer under 18 only with a parent's or lawful guardian's consent.",
  guardian_consent_hi:
    'डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 और उसके 2025 के नियमों के तहत, हम 18 वर्ष से कम आयु के स्वयंसेवक का विवरण केवल माता-पिता या वैध अभिभावक की सहमति से ही रखते हैं।',
  minor_needs_guardian:
    "A volunteer under 18 needs a parent's or guardian's consent: please give their name and e-mail address, and we will ask them to confirm.",
  minor_needs_guardian_hi: '18 वर्ष से कम आयु के स्वयंसेवक के लिए माता-पिता या अभिभावक की सहमति ज़रूरी है: कृपया उनका नाम और ई-मेल पता दें, हम उनसे पुष्टि करने को कहेंगे।',
  deadline_10bd: 'File Form 10BD for {fy} and send each donor their Form 10BE certificate (by 31 May)',
  deadline_fc_accounts: 'Publish the foreign contribution accounts of {fy} on the website, FCRA Rule 13 (by 31 December)',
};
