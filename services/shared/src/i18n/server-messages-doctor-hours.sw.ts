/** Part of the services' message catalogue (server-messages.sw.ts, which says how it is kept): a doctor's own hours, leave and clinic closures (issue 37). */
export const DOCTOR_HOURS_MESSAGES_SW: Readonly<Record<string, string>> = {
  'Slot length must be one of {lengths} minutes': 'Urefu wa nafasi lazima uwe mojawapo ya dakika {lengths}',
  'Weekday must be a whole number from 1 (Monday) to 7 (Sunday)': 'Siku ya wiki lazima iwe namba kamili kuanzia 1 (Jumatatu) hadi 7 (Jumapili)',
  'Times must be written HH:MM (24-hour), for example 09:00 or 14:30': 'Saa lazima ziandikwe HH:MM (saa 24), kwa mfano 09:00 au 14:30',
  'valid_from must be a date (YYYY-MM-DD)': 'valid_from lazima iwe tarehe (YYYY-MM-DD)',
  'Hours can change from today onward: valid_from cannot be in the past': 'Saa zinaweza kubadilika kuanzia leo: valid_from haiwezi kuwa tarehe iliyopita',
  'At most {max} sessions a week': 'Si zaidi ya vipindi {max} kwa wiki',
  'Sessions must be a list of {weekday, start, end}': 'Vipindi lazima viwe orodha ya {weekday, start, end}',
  'The session {session} ends before it starts: the end must be after the start': 'Kipindi {session} kinaisha kabla ya kuanza: mwisho lazima uwe baada ya mwanzo',
  "The session {session} is outside the clinic's hours: the clinic is closed on {weekday}s": 'Kipindi {session} kiko nje ya saa za kliniki: kliniki imefungwa siku ya {weekday}',
  "The session {session} is outside the clinic's hours: on {weekday}s the clinic is open {opens} - {closes}":
    'Kipindi {session} kiko nje ya saa za kliniki: siku ya {weekday} kliniki iko wazi {opens} - {closes}',
  'The session {session} is shorter than one {minutes}-minute slot': 'Kipindi {session} ni kifupi kuliko nafasi moja ya dakika {minutes}',
  'The sessions {weekday} {start1}-{end1} and {start2}-{end2} overlap': 'Vipindi vya {weekday} {start1}-{end1} na {start2}-{end2} vinaingiliana',
  'Please give the leave as dates (YYYY-MM-DD): from a first to a last day': 'Tafadhali weka likizo kama tarehe (YYYY-MM-DD): kuanzia siku ya kwanza hadi ya mwisho',
  'The leave ends before it starts: the last day must be on or after the first day': 'Likizo inaisha kabla ya kuanza: siku ya mwisho lazima iwe siku ya kwanza au baada yake',
  'The leave lies wholly in the past: choose days from today onward': 'Likizo yote iko katika siku zilizopita: chagua siku kuanzia leo',
  'The reason must be text': 'Sababu lazima iwe maandishi',
  'The reason is too long (at most {max} characters)': 'Sababu ni ndefu mno (si zaidi ya herufi {max})',
  'confirm must be true or false': 'confirm lazima iwe true au false',
  'Leave not found': 'Likizo haikupatikana',
  'Please give the closure as a date (YYYY-MM-DD)': 'Tafadhali weka siku ya kufunga kama tarehe (YYYY-MM-DD)',
  'Please name the closure (1 to 100 characters), for example Jamhuri Day': 'Tafadhali taja jina la siku ya kufunga (herufi 1 hadi 100), kwa mfano Siku ya Jamhuri',
  'The date is in the past: choose a date from today onward': 'Tarehe imeshapita: chagua tarehe kuanzia leo',
  'The clinic is already closed on that date': 'Kliniki tayari imefungwa tarehe hiyo',
  'Closure not found': 'Siku ya kufunga haikupatikana',
  'You can see and change only your own hours and leave': 'Unaweza kuona na kubadilisha saa na likizo zako tu',
  'Hours saved!': 'Saa zimehifadhiwa!',
  'Leave saved!': 'Likizo imehifadhiwa!',
  'Leave removed.': 'Likizo imeondolewa.',
  'Closure saved!': 'Siku ya kufunga imehifadhiwa!',
  'Closure removed.': 'Siku ya kufunga imeondolewa.',
  '{count} booked visits fall in this leave. Confirm to save it: each of them will need a new time.':
    'Miadi {count} iliyowekwa iko ndani ya likizo hii. Thibitisha ili kuihifadhi: kila mmoja utahitaji muda mpya.',
  '{count} booked visits fall outside these hours. Confirm to save them: each of them will need a new time.':
    'Miadi {count} iliyowekwa iko nje ya saa hizi. Thibitisha ili kuzihifadhi: kila mmoja utahitaji muda mpya.',
  '{count} booked visits fall on this date. Confirm to close the clinic: each of them will need a new time.':
    'Miadi {count} iliyowekwa iko katika tarehe hii. Thibitisha ili kufunga kliniki: kila mmoja utahitaji muda mpya.',
  'The clinic is closed on {date} ({name}). Please choose another date.': 'Kliniki imefungwa tarehe {date} ({name}). Tafadhali chagua tarehe nyingine.',
  '{doctor} is on leave on {date}. Please choose another date.': '{doctor} yuko likizoni tarehe {date}. Tafadhali chagua tarehe nyingine.',
  '{doctor} does not see patients at {time} on {date}. Please choose one of the times offered.':
    '{doctor} haoni wagonjwa saa {time} tarehe {date}. Tafadhali chagua mojawapo ya nyakati zilizotolewa.',
};
