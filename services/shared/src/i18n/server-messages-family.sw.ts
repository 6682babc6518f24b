/** Part of the services' message catalogue (server-messages.sw.ts, which says how it is kept): family care (familia; issue 36). */
export const FAMILY_MESSAGES_SW: Readonly<Record<string, string>> = {
  "Please confirm you are this child's parent or legal guardian and consent to Afya processing their health data":
    'Tafadhali thibitisha kuwa wewe ni mzazi au mlezi halali wa mtoto huyu na unakubali Afya ichakate taarifa zake za afya',
  'Please enter the child’s full name (at least 2 characters)': 'Tafadhali andika jina kamili la mtoto (angalau herufi 2)',
  'The name must be one line of text, without line breaks, control characters, < or >': 'Jina lazima liwe mstari mmoja, bila kuvunja mstari, herufi za udhibiti, < wala >',
  'Please enter the date of birth as YYYY-MM-DD': 'Tafadhali andika tarehe ya kuzaliwa kama YYYY-MM-DD',
  'The date of birth cannot be in the future': 'Tarehe ya kuzaliwa haiwezi kuwa ya baadaye',
  'An adult needs their own account; invite them instead': 'Mtu mzima anahitaji akaunti yake mwenyewe; mwalike badala yake',
  'Please choose a relationship from the list': 'Tafadhali chagua uhusiano kutoka kwenye orodha',
  'Scopes must be a list of book, reminders, records': 'Ruhusa lazima ziwe orodha ya book, reminders, records',
  'Please choose at least one thing they may do': 'Tafadhali chagua angalau jambo moja wanaloruhusiwa kufanya',
  'You can grant only the scopes you were asked for': 'Unaweza kutoa ruhusa ulizoombwa tu',
  'You cannot invite yourself': 'Huwezi kujialika mwenyewe',
  'You have 10 invitations waiting for an answer. Please wait for replies or cancel one first.':
    'Una mialiko 10 inayosubiri jibu. Tafadhali subiri majibu au ughairi mmoja kwanza.',
  'You have sent 20 invitations today. Please try again tomorrow.': 'Umetuma mialiko 20 leo. Tafadhali jaribu tena kesho.',
  'Invitation sent': 'Mwaliko umetumwa',
  'Invitation not found': 'Mwaliko haukupatikana',
  'Invitation accepted': 'Mwaliko umekubaliwa',
  'Invitation declined': 'Mwaliko umekataliwa',
  'Family member not found': 'Mwanafamilia hakupatikana',
  'Family link not found': 'Kiungo cha familia hakikupatikana',
  'The family link has ended': 'Kiungo cha familia kimekwisha',
  'You may not do this for this family member': 'Huruhusiwi kufanya hivi kwa mwanafamilia huyu',
  'Child added': 'Mtoto ameongezwa',
  'This person already has an appointment at that time. Please choose another.': 'Mtu huyu tayari ana miadi wakati huo. Tafadhali chagua mwingine.',
};
