/** @import { BlogDocument, PageContents } from './index.js' */
import { documentFromText } from './blog-document.js';

// The first content of the transparency page and of the forms' privacy notices (DPDP Rules,
// 2025): what each form collects, why, how long it is kept, and how to withdraw or complain.
// The grievance officer of Settings is shown under every notice.

/** @param {string} en @param {string} hi */
const text = (en, hi) => ({ en, hi });
/**
 * @param {string} title @param {string} title_hi @param {string} en @param {string} hi
 * @returns {{ title: { en: string; hi: string }; text: { en: BlogDocument; hi: BlogDocument } }}
 */
const section = (title, title_hi, en, hi) => ({ title: text(title, title_hi), text: { en: documentFromText(en), hi: documentFromText(hi) } });

const rights = section(
  'Your rights, and how to withdraw or complain',
  'आपके अधिकार, और सहमति वापस लेने या शिकायत करने का तरीका',
  'You may withdraw your consent at any time, as easily as you gave it, and ask to see, correct or erase your data: write to our grievance officer below, or use the contact form with the subject "Personal data request or complaint". We answer within 90 days. Withdrawing does not undo what was lawfully done before.\n\nIf you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
  'आप किसी भी समय अपनी सहमति उतनी ही आसानी से वापस ले सकते हैं जितनी आसानी से दी थी, और अपना डेटा देखने, सुधारने या मिटाने को कह सकते हैं: नीचे दिए शिकायत अधिकारी को लिखें, या संपर्क फ़ॉर्म में विषय "व्यक्तिगत डेटा अनुरोध या शिकायत" चुनें। हम 90 दिनों के भीतर जवाब देते हैं। सहमति वापस लेने से पहले वैध रूप से किया गया काम पलटता नहीं है।\n\nयदि आप हमारे जवाब से संतुष्ट नहीं हैं, तो आप भारतीय डेटा संरक्षण बोर्ड में शिकायत कर सकते हैं।',
);

/** @type {Pick<PageContents, 'transparency' | 'privacy-volunteer' | 'privacy-contact' | 'privacy-donate'>} */
export const complianceSeed = {
  transparency: {
    meta_description: text(
      'Our registrations, governing board, annual reports, audited accounts and foreign contribution accounts, year by year.',
      'हमारे पंजीकरण, शासी मंडल, वार्षिक रिपोर्ट, लेखा-परीक्षित खाते और विदेशी अंशदान का हिसाब, साल-दर-साल।',
    ),
    hero: {
      eyebrow: text('Accountability', 'जवाबदेही'),
      title: text('Transparency', 'पारदर्शिता'),
      intro: text(
        'Who we are registered as, who governs us, and how we spent the money entrusted to us.',
        'हम किस रूप में पंजीकृत हैं, हमें कौन चलाता है, और हमें सौंपे गए पैसे को हमने कैसे ख़र्च किया।',
      ),
    },
    registrations_title: text('Registrations', 'पंजीकरण'),
    board: {
      title: text('Governing board', 'शासी मंडल'),
      text: text(
        'As the Credibility Alliance norms ask, the members of our board with their position on it and their occupation. None of them is paid by the organisation.',
        'क्रेडिबिलिटी अलायंस के मानदंडों के अनुसार, हमारे मंडल के सदस्य, मंडल में उनका पद और उनका व्यवसाय। इनमें से किसी को संस्था से वेतन नहीं मिलता।',
      ),
      members: [
        { name: text('Dr. Anjali Verma', 'डॉ. अंजलि वर्मा'), position: text('President', 'अध्यक्ष'), occupation: text('Physician', 'चिकित्सक') },
        { name: text('Rohit Oraon', 'रोहित उरांव'), position: text('Secretary', 'सचिव'), occupation: text('Agronomist', 'कृषि विशेषज्ञ') },
        { name: text('Meera Singh', 'मीरा सिंह'), position: text('Treasurer', 'कोषाध्यक्ष'), occupation: text('Teacher', 'शिक्षिका') },
      ],
    },
    documents_title: text('Reports and accounts', 'रिपोर्ट और हिसाब'),
  },
  'privacy-volunteer': {
    meta_description: text('What we do with the details you give when you register as a volunteer.', 'स्वयंसेवक पंजीकरण में दिए गए आपके विवरण का हम क्या करते हैं।'),
    title: text('Privacy notice: volunteer registration', 'गोपनीयता सूचना: स्वयंसेवक पंजीकरण'),
    intro: text(
      'This notice tells you, as the Digital Personal Data Protection Rules, 2025 ask, what we collect when you register as a volunteer, why, for how long, and how you can withdraw or complain.',
      'डिजिटल व्यक्तिगत डेटा संरक्षण नियम, 2025 के अनुसार यह सूचना बताती है कि स्वयंसेवक पंजीकरण में हम क्या लेते हैं, क्यों, कितने समय के लिए, और आप सहमति कैसे वापस ले सकते हैं या शिकायत कर सकते हैं।',
    ),
    collected: section(
      'What we collect',
      'हम क्या लेते हैं',
      'Your name, e-mail address, mobile number, postal address, gender if you give it, your date of birth, the area you want to help in, when you can start and what you tell us about yourself. For a volunteer under 18, the name and e-mail address of a parent or guardian, and their consent.',
      'आपका नाम, ई-मेल पता, मोबाइल नंबर, डाक पता, लिंग (यदि आप बताएँ), जन्म तिथि, आप किस क्षेत्र में मदद करना चाहते हैं, कब से शुरू कर सकते हैं और आप अपने बारे में क्या बताते हैं। 18 वर्ष से कम आयु के स्वयंसेवक के लिए माता-पिता या अभिभावक का नाम और ई-मेल पता, और उनकी सहमति।',
    ),
    purpose: section(
      'Why',
      'क्यों',
      'Only to contact you about volunteering, to plan our programs and camps with you, and to keep you safe while you work with us. We do not sell your data or share it with anyone outside the organisation, and only our staff can see it.',
      'केवल स्वयंसेवा के बारे में आपसे संपर्क करने, आपके साथ अपने कार्यक्रम और शिविर तय करने, और हमारे साथ काम करते समय आपकी सुरक्षा के लिए। हम आपका डेटा न बेचते हैं, न संस्था के बाहर किसी को देते हैं, और इसे केवल हमारे कर्मचारी देख सकते हैं।',
    ),
    retention: section(
      'How long we keep it',
      'हम इसे कितने समय तक रखते हैं',
      'As long as you volunteer with us, and then for three years after your last contact with us, unless you ask us to erase it sooner.',
      'जब तक आप हमारे साथ स्वयंसेवा करते हैं, और उसके बाद हमसे आख़िरी संपर्क के तीन साल तक, जब तक आप इसे पहले मिटाने को न कहें।',
    ),
    rights,
  },
  'privacy-contact': {
    meta_description: text('What we do with the details you give when you write to us.', 'हमें लिखते समय दिए गए आपके विवरण का हम क्या करते हैं।'),
    title: text('Privacy notice: contact form', 'गोपनीयता सूचना: संपर्क फ़ॉर्म'),
    intro: text(
      'This notice tells you, as the Digital Personal Data Protection Rules, 2025 ask, what we collect when you write to us, why, for how long, and how you can withdraw or complain.',
      'डिजिटल व्यक्तिगत डेटा संरक्षण नियम, 2025 के अनुसार यह सूचना बताती है कि हमें लिखते समय हम क्या लेते हैं, क्यों, कितने समय के लिए, और आप सहमति कैसे वापस ले सकते हैं या शिकायत कर सकते हैं।',
    ),
    collected: section(
      'What we collect',
      'हम क्या लेते हैं',
      'Your name, e-mail address, the subject you choose and your message, and our replies to it.',
      'आपका नाम, ई-मेल पता, आपके चुना हुआ विषय और आपका संदेश, और उस पर हमारे जवाब।',
    ),
    purpose: section(
      'Why',
      'क्यों',
      'Only to read and answer your message. We do not add you to any list, sell your data or share it outside the organisation.',
      'केवल आपका संदेश पढ़ने और उसका जवाब देने के लिए। हम आपको किसी सूची में नहीं जोड़ते, न आपका डेटा बेचते हैं, न संस्था के बाहर किसी को देते हैं।',
    ),
    retention: section(
      'How long we keep it',
      'हम इसे कितने समय तक रखते हैं',
      'For two years after our last reply, unless you ask us to erase it sooner. A request about your personal data is kept for three years after it was answered, as a record that it was.',
      'हमारे आख़िरी जवाब के दो साल तक, जब तक आप इसे पहले मिटाने को न कहें। आपके व्यक्तिगत डेटा से जुड़ा अनुरोध उसका जवाब देने के तीन साल बाद तक रखा जाता है, इस बात के रिकॉर्ड के रूप में कि जवाब दिया गया।',
    ),
    rights,
  },
  'privacy-donate': {
    meta_description: text('What we do with the details you give when you report a donation.', 'दान की जानकारी देते समय दिए गए आपके विवरण का हम क्या करते हैं।'),
    title: text('Privacy notice: donations', 'गोपनीयता सूचना: दान'),
    intro: text(
      'This notice tells you, as the Digital Personal Data Protection Rules, 2025 ask, what we collect when you report a donation, why, for how long, and how you can withdraw or complain.',
      'डिजिटल व्यक्तिगत डेटा संरक्षण नियम, 2025 के अनुसार यह सूचना बताती है कि दान की जानकारी देते समय हम क्या लेते हैं, क्यों, कितने समय के लिए, और आप सहमति कैसे वापस ले सकते हैं या शिकायत कर सकते हैं।',
    ),
    collected: section(
      'What we collect',
      'हम क्या लेते हैं',
      'Your name, e-mail address, mobile number if you give it, the amount and the payment reference; for an 80G receipt your PAN and postal address; for a gift from a foreign source your country and passport number.',
      'आपका नाम, ई-मेल पता, मोबाइल नंबर (यदि आप दें), राशि और भुगतान का संदर्भ; 80G रसीद के लिए आपका PAN और डाक पता; विदेशी स्रोत से दान के लिए आपका देश और पासपोर्ट नंबर।',
    ),
    purpose: section(
      'Why',
      'क्यों',
      'To find your payment in our bank account, send your receipt, and report donations as the law asks: Form 10BD and your Form 10BE certificate under the Income-tax Act, and the foreign contribution accounts under the FCRA. Your PAN and address are shown in full only on your receipt and in those filings.',
      'आपका भुगतान हमारे बैंक खाते में ढूँढने, आपकी रसीद भेजने, और क़ानून के अनुसार दान की जानकारी देने के लिए: आयकर अधिनियम के तहत फ़ॉर्म 10BD और आपका फ़ॉर्म 10BE प्रमाणपत्र, और FCRA के तहत विदेशी अंशदान का हिसाब। आपका PAN और पता पूरा केवल आपकी रसीद और इन्हीं दस्तावेज़ों में दिखता है।',
    ),
    retention: section(
      'How long we keep it',
      'हम इसे कितने समय तक रखते हैं',
      'Donation records are kept for as long as the income-tax and FCRA laws require (at least eight years), even if you ask us to erase your other data; after that they are erased.',
      'दान के रिकॉर्ड उतने समय तक रखे जाते हैं जितना आयकर और FCRA क़ानून माँगते हैं (कम से कम आठ साल), भले ही आप अपना बाक़ी डेटा मिटाने को कहें; उसके बाद वे मिटा दिए जाते हैं।',
    ),
    rights,
  },
};
