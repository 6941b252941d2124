/** @import { BlogDocument, PageContents } from './index.js' */
import { documentFromText } from './blog-document.js';
import { complianceSeed } from './compliance-seed.js';

// The first content of the editable pages, loaded into the database once (a fresh install): the
// texts the pages showed when they were compiled in, with their Hindi from the frontend's
// catalogue (the founders' names the same in both). The public bundle never imports this: the
// backend and tests do.

/** One text in both languages. @param {string} en @param {string} hi */
const text = (en, hi) => ({ en, hi });

/**
 * A long text (paragraphs separated by blank lines) in both languages; no Hindi => null.
 * @param {string} en
 * @param {string} hi
 * @returns {{ en: BlogDocument; hi: BlogDocument | null }}
 */
const rich = (en, hi) => ({ en: documentFromText(en), hi: hi ? documentFromText(hi) : null });

/** @type {PageContents} */
export const pageSeed = {
  home: {
    meta_description: text(
      'Clean water, education, reforestation and sustainable farming with communities in Jharkhand and Bihar. Donate, volunteer or partner with us.',
      'झारखंड और बिहार के गाँवों के साथ साफ़ पानी, शिक्षा, वनीकरण और टिकाऊ खेती का काम। दान करें, स्वयंसेवक बनें या हमारे साझेदार बनें।',
    ),
    hero: {
      eyebrow: text('Based in Ranchi · Working across Jharkhand and Bihar', 'रांची से · झारखंड और बिहार में काम'),
      title: text('Growing greener, healthier communities together', 'मिलकर बनाएँ हरे-भरे, स्वस्थ गाँव'),
      text: text(
        'We work side by side with villages on clean water, education, reforestation and sustainable farming, so that families can thrive while caring for the land they depend on.',
        'हम गाँवों के साथ कंधे से कंधा मिलाकर साफ़ पानी, शिक्षा, वनीकरण और टिकाऊ खेती पर काम करते हैं, ताकि परिवार आगे बढ़ें और उस ज़मीन की भी देखभाल करें जिस पर उनका जीवन टिका है।',
      ),
      primary_label: text('Donate Now', 'अभी दान करें'),
      secondary_label: text('Our Programs', 'हमारे कार्यक्रम'),
      badge_value: text('100,000', '1,00,000'),
      badge_text: text('trees to plant this year', 'पेड़ इस साल लगाने का लक्ष्य'),
    },
    impact: {
      eyebrow: text('Our Impact', 'हमारा असर'),
      title: text('Change you can count', 'बदलाव, जिसे गिना जा सकता है'),
      figures: [
        { value: 120, suffix: '+', label: text('People Impacted', 'लोगों तक पहुँचे') },
        { value: 90, suffix: '+', label: text('Trees Planted', 'पेड़ लगाए') },
        { value: 5, suffix: '+', label: text('Clean Water Projects', 'स्वच्छ जल परियोजनाएँ') },
        { value: 4, suffix: '+', label: text('States Reached', 'राज्यों तक पहुँचे') },
      ],
    },
    programs: {
      eyebrow: text('What we do', 'हम क्या करते हैं'),
      title: text('Our Programs', 'हमारे कार्यक्रम'),
      text: text(
        'Long-term work, led by the communities themselves, across four connected areas.',
        'चार जुड़े हुए क्षेत्रों में लंबे समय का काम, जिसकी अगुवाई ख़ुद गाँव वाले करते हैं।',
      ),
    },
    involved: {
      eyebrow: text('Join us', 'हमसे जुड़ें'),
      title: text('Get Involved', 'हमसे जुड़ें'),
      text: text('There is a place for everyone in this work. Choose the way that suits you.', 'इस काम में हर किसी के लिए जगह है। जो तरीका आपको ठीक लगे, वह चुनें।'),
      cards: [
        {
          title: text('Donate', 'दान करें'),
          text: text(
            'Every rupee goes to the field: water for a family, books for a class, saplings for a hillside.',
            'हर रुपया सीधे काम में लगता है: किसी परिवार के लिए पानी, किसी कक्षा के लिए किताबें, किसी पहाड़ी के लिए पौधे।',
          ),
          action: text('Make a Donation', 'दान करें'),
        },
        {
          title: text('Volunteer', 'स्वयंसेवक'),
          text: text(
            'Teach, plant, organise a camp or lend your skills. Join the people who make the work happen.',
            'पढ़ाइए, पौधे लगाइए, शिविर लगवाइए या अपना हुनर दीजिए। उन लोगों से जुड़िए जो यह काम ज़मीन पर करते हैं।',
          ),
          action: text('Become a Volunteer', 'स्वयंसेवक बनें'),
        },
        {
          title: text('Partner With Us', 'हमारे साझेदार बनें'),
          text: text(
            'Schools, companies and foundations: let us plan a program together for the communities you care about.',
            'स्कूल, कंपनियाँ और फ़ाउंडेशन: आइए, जिन गाँवों की आपको परवाह है, उनके लिए मिलकर एक कार्यक्रम बनाएँ।',
          ),
          action: text('Contact Us', 'संपर्क करें'),
        },
      ],
    },
  },
  about: {
    meta_description: text(
      'Our story, mission and vision, the founders who lead our work in Jharkhand and Bihar, and how you can volunteer with us.',
      'हमारी कहानी, हमारा मिशन और सपना, झारखंड और बिहार में हमारे काम की अगुवाई करने वाले संस्थापक, और आप हमारे साथ स्वयंसेवक कैसे बन सकते हैं।',
    ),
    hero: {
      eyebrow: text('Who we are', 'हम कौन हैं'),
      title: text('About Us', 'हमारे बारे में'),
      intro: text(
        'A community-led organisation from Ranchi working for people and nature in Jharkhand and Bihar.',
        'रांची की एक समुदाय-आधारित संस्था, जो झारखंड और बिहार में लोगों और प्रकृति के लिए काम करती है।',
      ),
    },
    story: {
      eyebrow: text('Since 2012', '2012 से'),
      title: text('Our Story', 'हमारी कहानी'),
      text: rich(
        'It began with a blocked hand pump in a village outside Ranchi. Three friends, a doctor, an agronomist and a teacher, helped the villagers repair it and stayed to listen. The families spoke of children missing school to fetch water, of failing harvests and of hills that were green within living memory.\n\nSince then we have grown into a team of field workers and volunteers, but the method has not changed: we start with what communities ask for, work alongside them, and stay until the work can stand on its own.',
        'शुरुआत रांची के पास एक गाँव के खराब पड़े चापाकल से हुई। तीन दोस्तों — एक डॉक्टर, एक कृषि विशेषज्ञ और एक शिक्षक — ने गाँव वालों के साथ मिलकर उसे ठीक किया और फिर रुककर उनकी बातें सुनीं। परिवारों ने बताया कि बच्चे पानी भरने के लिए स्कूल छोड़ देते हैं, फसलें खराब हो रही हैं, और जो पहाड़ियाँ कुछ साल पहले तक हरी थीं, वे अब सूनी हैं।\n\nतब से हम फील्ड कार्यकर्ताओं और स्वयंसेवकों की एक पूरी टीम बन गए हैं, पर हमारा तरीका वही है: हम वहीं से शुरू करते हैं जो गाँव वाले माँगते हैं, उनके साथ मिलकर काम करते हैं, और तब तक साथ रहते हैं जब तक काम अपने पैरों पर खड़ा न हो जाए।',
      ),
      picture: null,
      picture_alt: text('Young trees growing on green hills', 'हरी पहाड़ियों पर उगते नए पेड़'),
    },
    mission: {
      title: text('Our Mission', 'हमारा मिशन'),
      text: rich(
        'To empower rural communities through sustainable development and environmental conservation: safe water, quality education, restored forests and farming that feeds families without exhausting the land.',
        'टिकाऊ विकास और पर्यावरण संरक्षण के ज़रिए गाँवों को सशक्त बनाना: साफ़ पानी, अच्छी शिक्षा, फिर से हरे-भरे जंगल, और ऐसी खेती जो ज़मीन को थकाए बिना परिवारों का पेट भरे।',
      ),
    },
    vision: {
      title: text('Our Vision', 'हमारा सपना'),
      text: rich(
        'Villages where every family has clean water, every child learns, women lead, and people live in balance with thriving forests and fields, for this generation and the next.',
        'ऐसे गाँव जहाँ हर परिवार के पास साफ़ पानी हो, हर बच्चा पढ़े, महिलाएँ आगे बढ़कर नेतृत्व करें, और लोग हरे-भरे जंगलों और खेतों के साथ संतुलन में रहें — इस पीढ़ी के लिए भी और अगली के लिए भी।',
      ),
    },
    values: { title: text('Our Values', 'हमारे मूल्य'), items: [] },
    team: {
      eyebrow: text('Leadership', 'नेतृत्व'),
      title: text('Meet Our Founders', 'हमारे संस्थापकों से मिलिए'),
      text: text('The three founders still spend most of their weeks in the field.', 'तीनों संस्थापक आज भी हफ़्ते का ज़्यादातर समय गाँवों में ही बिताते हैं।'),
      people: [
        {
          name: text('Dr. Anjali Verma', 'Dr. Anjali Verma'),
          role: text('Co-founder & Executive Director', 'सह-संस्थापक और कार्यकारी निदेशक'),
          bio: text(
            'A public health doctor from Ranchi who spent a decade running rural health camps before starting the foundation to tackle the causes of illness: unsafe water and poverty.',
            'रांची की जन-स्वास्थ्य डॉक्टर, जिन्होंने दस साल तक गाँवों में स्वास्थ्य शिविर चलाए और फिर बीमारी की जड़ — गंदे पानी और ग़रीबी — से लड़ने के लिए यह संस्था शुरू की।',
          ),
          photo: null,
        },
        {
          name: text('Rohit Oraon', 'Rohit Oraon'),
          role: text('Co-founder & Director of Programs', 'सह-संस्थापक और कार्यक्रम निदेशक'),
          bio: text(
            'Grew up in a farming village near Gumla. An agronomist who leads our reforestation and sustainable farming work together with village committees.',
            'गुमला के पास एक किसान गाँव में पले-बढ़े। कृषि विशेषज्ञ हैं और गाँव की समितियों के साथ मिलकर हमारे वनीकरण और टिकाऊ खेती के काम की अगुवाई करते हैं।',
          ),
          photo: null,
        },
        {
          name: text('Meera Singh', 'Meera Singh'),
          role: text('Co-founder & Head of Partnerships', 'सह-संस्थापक और साझेदारी प्रमुख'),
          bio: text(
            'A former teacher from Patna who built our learning centres and now brings schools, companies and donors into partnerships with the communities we serve.',
            'पटना की पूर्व शिक्षिका, जिन्होंने हमारे लर्निंग सेंटर खड़े किए और अब स्कूलों, कंपनियों और दानदाताओं को हमारे गाँवों के साथ साझेदारी में जोड़ती हैं।',
          ),
          photo: null,
        },
      ],
    },
    volunteer: {
      title: text('Volunteer With Us', 'हमारे साथ स्वयंसेवा करें'),
      text: text(
        'Teach in a learning centre, plant trees, help at a health camp or share your professional skills. Whatever time you can give, there is work that needs you.',
        'लर्निंग सेंटर में पढ़ाइए, पेड़ लगाइए, स्वास्थ्य शिविर में हाथ बँटाइए या अपना हुनर साझा कीजिए। आप जितना भी समय दे सकें, उतने के लिए यहाँ काम है।',
      ),
    },
  },
  programs: {
    meta_description: text(
      'Clean water, education, reforestation and sustainable farming: how our programs work with communities in Jharkhand and Bihar.',
      'साफ़ पानी, शिक्षा, वनीकरण और टिकाऊ खेती: झारखंड और बिहार के गाँवों के साथ हमारे कार्यक्रम कैसे काम करते हैं।',
    ),
    hero: {
      eyebrow: text('What we do', 'हम क्या करते हैं'),
      title: text('Our Programs', 'हमारे कार्यक्रम'),
      intro: text(
        'Four connected programs, planned and run with the communities they serve, for change that lasts.',
        'चार जुड़े हुए कार्यक्रम, जिन्हें गाँव वालों के साथ मिलकर बनाया और चलाया जाता है, ताकि बदलाव टिका रहे।',
      ),
    },
    across_eyebrow: text('Across every program', 'हर कार्यक्रम में'),
    items: [
      {
        id: 'health',
        name: text('Clean Water Initiative', 'स्वच्छ जल अभियान'),
        tag: text('Health', 'स्वास्थ्य'),
        filter: text('Health Care', 'स्वास्थ्य सेवा'),
        admin_label: 'Clean Water',
        summary: text(
          'Safe drinking water, hygiene awareness and health camps for villages that walk miles for water.',
          'जिन गाँवों के लोग पानी के लिए मीलों चलते हैं, उनके लिए साफ़ पीने का पानी, साफ़-सफ़ाई की जानकारी और स्वास्थ्य शिविर।',
        ),
        body: rich(
          'Many villages in Jharkhand and Bihar still depend on open wells and seasonal streams. We repair and install hand pumps, build rainwater harvesting structures and train local water committees to test and look after their own sources. Alongside the water work, our health and blood donation camps bring doctors, check-ups and awareness on hygiene and sanitation to communities far from the nearest clinic.',
          'झारखंड और बिहार के कई गाँव आज भी खुले कुओं और बरसाती नालों पर निर्भर हैं। हम चापाकल ठीक करते और लगाते हैं, बारिश का पानी सहेजने के ढाँचे बनाते हैं, और गाँव की जल समितियों को अपने पानी की जाँच और देखभाल करना सिखाते हैं। पानी के काम के साथ-साथ हमारे स्वास्थ्य और रक्तदान शिविर उन गाँवों तक डॉक्टर, जाँच और साफ़-सफ़ाई की जानकारी पहुँचाते हैं जहाँ से सबसे नज़दीकी अस्पताल भी दूर है।',
        ),
        where: text('', ''),
        figures: [
          { label: text('Water projects completed', 'पूरी हुई जल परियोजनाएँ'), value: text('5', '5') },
          { label: text('Health & blood donation camps', 'स्वास्थ्य और रक्तदान शिविर'), value: text('18', '18') },
          { label: text('Families with safe water', 'साफ़ पानी पाने वाले परिवार'), value: text('1,200', '1,200') },
        ],
        picture: null,
        on_home: true,
        across: false,
      },
      {
        id: 'education',
        name: text('Education for All', 'सबके लिए शिक्षा'),
        tag: text('Education', 'शिक्षा'),
        filter: text('Education', 'शिक्षा'),
        admin_label: 'Education',
        summary: text(
          'Learning centres, school kits and scholarships so that every child can stay in school.',
          'लर्निंग सेंटर, स्कूल किट और छात्रवृत्तियाँ, ताकि हर बच्चा स्कूल में बना रहे।',
        ),
        body: rich(
          'Our community learning centres give children from farming and tribal families a quiet place to study after school, with trained local tutors, books and digital lessons. We supply school kits, support girls with scholarships so they can continue into secondary school, and run evening literacy classes for adults who never had the chance to learn to read.',
          'हमारे सामुदायिक लर्निंग सेंटर किसान और आदिवासी परिवारों के बच्चों को स्कूल के बाद पढ़ने की शांत जगह देते हैं, जहाँ प्रशिक्षित स्थानीय शिक्षक, किताबें और डिजिटल पाठ हैं। हम स्कूल किट देते हैं, लड़कियों को छात्रवृत्ति देते हैं ताकि वे माध्यमिक स्कूल तक पढ़ाई जारी रख सकें, और उन बड़ों के लिए शाम की साक्षरता कक्षाएँ चलाते हैं जिन्हें कभी पढ़ना सीखने का मौका नहीं मिला।',
        ),
        where: text('', ''),
        figures: [
          { label: text('Children in learning centres', 'लर्निंग सेंटरों में बच्चे'), value: text('650', '650') },
          { label: text('Scholarships for girls', 'लड़कियों को छात्रवृत्ति'), value: text('85', '85') },
          { label: text('Adults in literacy classes', 'साक्षरता कक्षाओं में बड़े'), value: text('210', '210') },
        ],
        picture: null,
        on_home: true,
        across: false,
      },
      {
        id: 'reforestation',
        name: text('Reforestation Project', 'वनीकरण परियोजना'),
        tag: text('Reforestation', 'वनीकरण'),
        filter: text('Reforestation', 'वनीकरण'),
        admin_label: 'Reforestation',
        summary: text(
          'Native trees, community nurseries and protected commons to bring back forests and soil.',
          'जंगल और मिट्टी को लौटाने के लिए देसी पेड़, सामुदायिक नर्सरी और सुरक्षित साझा ज़मीन।',
        ),
        body: rich(
          'Together with village forest committees we raise native saplings in community nurseries, plant them on degraded commons and school grounds, and look after them for three years so that they survive. Each planting drive doubles as a lesson on why forests matter for rain, soil and livelihoods, and the nurseries give local youth a steady income.',
          'गाँव की वन समितियों के साथ मिलकर हम सामुदायिक नर्सरियों में देसी पौधे तैयार करते हैं, उन्हें बंजर होती साझा ज़मीन और स्कूल के मैदानों में लगाते हैं, और तीन साल तक उनकी देखभाल करते हैं ताकि वे बच जाएँ। हर पौधारोपण अभियान यह भी सिखाता है कि बारिश, मिट्टी और रोज़ी-रोटी के लिए जंगल क्यों ज़रूरी हैं, और नर्सरियाँ गाँव के युवाओं को पक्की आमदनी देती हैं।',
        ),
        where: text('', ''),
        figures: [
          { label: text('Tree target this financial year', 'इस वित्त वर्ष में पेड़ों का लक्ष्य'), value: text('100,000 plants', '1,00,000 पौधे') },
          { label: text('Community nurseries', 'सामुदायिक नर्सरियाँ'), value: text('12', '12') },
          { label: text('Sapling survival rate', 'पौधों के बचने की दर'), value: text('82%', '82%') },
        ],
        picture: null,
        on_home: true,
        across: false,
      },
      {
        id: 'sustainable-farming',
        name: text('Sustainable Farming', 'टिकाऊ खेती'),
        tag: text('Sustainable Farming', 'टिकाऊ खेती'),
        filter: text('Sustainable Farming', 'टिकाऊ खेती'),
        admin_label: 'Sustainable Farming',
        summary: text(
          'Training smallholder farmers in organic methods, water saving and crop diversity.',
          'छोटे किसानों को जैविक खेती, पानी की बचत और फ़सलों की विविधता का प्रशिक्षण।',
        ),
        body: rich(
          'Smallholder farmers face shrinking yields and rising costs. Our sustainability trainings teach organic composting, seed saving, drip irrigation and mixed cropping on demonstration plots run by farmers themselves. We connect farmer groups with fair markets and help them set up seed banks, so that good harvests do not depend on expensive inputs.',
          'छोटे किसानों की पैदावार घट रही है और लागत बढ़ रही है। हमारे प्रशिक्षण में किसान अपने ही प्रदर्शन खेतों पर जैविक खाद बनाना, बीज बचाना, टपक सिंचाई और मिश्रित खेती सीखते हैं। हम किसान समूहों को सही दाम वाले बाज़ारों से जोड़ते हैं और बीज बैंक बनाने में मदद करते हैं, ताकि अच्छी फ़सल महँगी खाद-बीज पर निर्भर न रहे।',
        ),
        where: text('', ''),
        figures: [
          { label: text('Farmers trained', 'प्रशिक्षित किसान'), value: text('940', '940') },
          { label: text('Demonstration plots', 'प्रदर्शन खेत'), value: text('36', '36') },
          { label: text('Village seed banks', 'गाँव के बीज बैंक'), value: text('9', '9') },
        ],
        picture: null,
        on_home: false,
        across: false,
      },
      {
        id: 'women-empowerment',
        name: text('Women Empowerment', 'महिला सशक्तिकरण'),
        tag: text('Women Empowerment', 'महिला सशक्तिकरण'),
        filter: text('Women Empowerment', 'महिला सशक्तिकरण'),
        admin_label: 'Women Empowerment',
        summary: text(
          'Self-help groups, skills training and small loans help women start their own businesses and take a leading voice in village decisions. Women lead our water committees, run the tree nurseries and teach in the learning centres.',
          'स्वयं सहायता समूह, हुनर का प्रशिक्षण और छोटे कर्ज़ महिलाओं को अपना काम-धंधा शुरू करने और गाँव के फ़ैसलों में आगे रहकर बोलने में मदद करते हैं। हमारी जल समितियों की अगुवाई महिलाएँ करती हैं, वही पेड़ों की नर्सरियाँ चलाती हैं और लर्निंग सेंटरों में पढ़ाती हैं।',
        ),
        body: rich(
          'Self-help groups, skills training and small loans help women start their own businesses and take a leading voice in village decisions. Women lead our water committees, run the tree nurseries and teach in the learning centres.',
          'स्वयं सहायता समूह, हुनर का प्रशिक्षण और छोटे कर्ज़ महिलाओं को अपना काम-धंधा शुरू करने और गाँव के फ़ैसलों में आगे रहकर बोलने में मदद करते हैं। हमारी जल समितियों की अगुवाई महिलाएँ करती हैं, वही पेड़ों की नर्सरियाँ चलाती हैं और लर्निंग सेंटरों में पढ़ाती हैं।',
        ),
        where: text('', ''),
        figures: [],
        picture: null,
        on_home: false,
        across: true,
      },
    ],
    cta: {
      title: text('Help us reach more villages', 'और गाँवों तक पहुँचने में हमारी मदद करें'),
      text: text(
        'Your support keeps these programs growing. Give what you can, or talk to us about working together.',
        'आपके सहयोग से ये कार्यक्रम बढ़ते रहते हैं। जो हो सके, दीजिए, या साथ मिलकर काम करने के बारे में हमसे बात कीजिए।',
      ),
    },
  },
  donate: {
    meta_description: text(
      'Give once or every month to bring clean water, education and trees to communities in Jharkhand and Bihar.',
      'झारखंड और बिहार के गाँवों तक साफ़ पानी, शिक्षा और पेड़ पहुँचाने के लिए एक बार या हर महीने दान करें।',
    ),
    hero: {
      eyebrow: text('Support our work', 'हमारे काम में साथ दें'),
      title: text('Make a Donation', 'दान करें'),
      intro: text(
        'Your gift brings safe water, learning and green hills to families in Jharkhand and Bihar.',
        'आपका दान झारखंड और बिहार के परिवारों तक साफ़ पानी, पढ़ाई और हरी-भरी पहाड़ियाँ पहुँचाता है।',
      ),
    },
    form_title: text('Choose your donation', 'अपना दान चुनें'),
    impact: {
      title: text('Your Impact', 'आपके दान का असर'),
      items: [
        { amount: 500, text: text('provides clean water for a family for a month', 'एक परिवार को एक महीने तक साफ़ पानी') },
        { amount: 1000, text: text('educational materials for 10 students', '10 विद्यार्थियों के लिए पढ़ाई का सामान') },
        { amount: 2000, text: text('plants 50 trees', '50 पेड़ लगते हैं') },
        { amount: 5000, text: text('funds a micro-business for a woman entrepreneur', 'एक महिला उद्यमी का छोटा कारोबार शुरू होता है') },
        { amount: 10000, text: text('builds a rainwater harvesting system for a community', 'एक गाँव के लिए बारिश का पानी सहेजने का ढाँचा बनता है') },
      ],
    },
  },
  volunteer: {
    meta_description: text(
      'Register as a volunteer: teach, plant trees, help at health camps or support our events in Jharkhand and Bihar.',
      'स्वयंसेवक के रूप में नाम लिखाएँ: झारखंड और बिहार में पढ़ाइए, पेड़ लगाइए, स्वास्थ्य शिविरों में मदद कीजिए या हमारे कार्यक्रमों में हाथ बँटाइए।',
    ),
    hero: {
      eyebrow: text('Join our team', 'हमारी टीम से जुड़ें'),
      title: text('Become a Volunteer', 'स्वयंसेवक बनें'),
      intro: text(
        'Give your time and skills to communities working for clean water, education and green hills.',
        'साफ़ पानी, शिक्षा और हरी पहाड़ियों के लिए काम कर रहे गाँवों को अपना समय और हुनर दीजिए।',
      ),
    },
    reasons: {
      title: text('Why volunteer with us?', 'हमारे साथ स्वयंसेवा क्यों करें?'),
      items: [
        {
          title: text('Meet the communities', 'गाँवों से मिलिए'),
          text: text('Work directly with families in villages across Jharkhand and Bihar.', 'झारखंड और बिहार के गाँवों में परिवारों के साथ सीधे काम कीजिए।'),
        },
        {
          title: text('Make a real difference', 'सच्चा बदलाव लाइए'),
          text: text('Teach, plant, organise camps: see the change your time brings.', 'पढ़ाइए, पौधे लगाइए, शिविर लगवाइए: देखिए आपका समय क्या बदलाव लाता है।'),
        },
        {
          title: text('Flexible commitment', 'अपनी सुविधा से'),
          text: text('Weekends, a few hours a month or a full season; you choose.', 'सप्ताहांत, महीने में कुछ घंटे या पूरा एक मौसम; आप तय कीजिए।'),
        },
      ],
    },
    form_title: text('Volunteer Registration Form', 'स्वयंसेवक पंजीकरण फ़ॉर्म'),
  },
  contact: {
    meta_description: text(
      'Write to {name}, call our Ranchi office or visit us. Office hours and contact details.',
      '{name} को लिखें, हमारे रांची कार्यालय में फ़ोन करें या मिलने आएँ। कार्यालय का समय और संपर्क जानकारी।',
    ),
    hero: {
      eyebrow: text('We would love to hear from you', 'हमें आपकी बात सुनकर ख़ुशी होगी'),
      title: text('Contact Us', 'संपर्क करें'),
      intro: text(
        'Questions, ideas or an offer to help: write to us, call, or visit our office in Ranchi.',
        'कोई सवाल, सुझाव या मदद की पेशकश हो तो हमें लिखें, फ़ोन करें या रांची में हमारे कार्यालय आएँ।',
      ),
    },
    form_title: text('Send Us a Message', 'हमें संदेश भेजें'),
    office_title: text('Our Office', 'हमारा कार्यालय'),
    hours_title: text('Office Hours', 'कार्यालय का समय'),
  },
  ...complianceSeed,
};
