// What the campaign operations say. The public pages show the donor's sentences in Hindi from
// their message catalogue; the admin area is English.

export const campaignMessages = {
  added: 'Campaign added',
  updated: 'Campaign updated',
  deleted: 'Campaign deleted',
  notFound: 'No campaign has that id',
  endsBeforeStart: 'The last day of a campaign cannot be before its first day',
  unknownProgram: 'Please choose one of the programs of the programs page',
  pictureNotStored: "The picture must be an image of the site's media library",
  hasGifts: (count: number) =>
    `${count} gift${count === 1 ? ' names' : 's name'} this campaign, so it stays on record. Make it a draft to take it off the site.`,
  // A gift for a campaign or a program (donation_save.php and add_donation.php).
  noSuchCampaign: 'This campaign is not on the site. Please give from the Donate page.',
  campaignEnded: 'This campaign has ended. You can still give from the Donate page.',
  campaignNotStarted: 'This campaign has not started yet. Please come back on its first day.',
  otherProgram: "A gift for a campaign goes to the campaign's own program",
  badRange: 'The first day of the range cannot be after its last day',
};

/** What a gift that names neither a campaign nor a program is for. */
export const whereMostNeeded = 'Where most needed';
